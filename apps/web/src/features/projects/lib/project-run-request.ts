/**
 * Builds the runners' request (packages/contracts runner.ts) for a project's or a shared snapshot's
 * files: the template's runtime and the entry file. SQL projects run their entry file against a
 * database made from the project's other .sql files (the seed), so a schema file and a query file
 * behave as a lesson's seed and query do. Files the runner cannot take (names outside its
 * alphabet, past its file count) are left out and named, so the learner knows why.
 */
import { type CodeLanguage, MAX_RUN_FILES, type RunRequest, runFileSchema } from "@lumen/contracts";

export interface RunnableFile {
  path: string;
  content: string;
}

export interface ProjectRun {
  request: RunRequest;
  /** Files left out of the run, with the reason. */
  skipped: string[];
}

const runnableName = (path: string) => runFileSchema.shape.name.safeParse(path).success;

export function buildProjectRunRequest(
  runtime: CodeLanguage,
  files: readonly RunnableFile[],
  entry: string,
): ProjectRun {
  const skipped: string[] = [];
  let kept = files.filter((f) => {
    if (runnableName(f.path)) return true;
    skipped.push(`${f.path} (only letters, digits, . _ - and / can be run)`);
    return false;
  });
  // The entry first, so that it is never the file left out.
  kept = [...kept.filter((f) => f.path === entry), ...kept.filter((f) => f.path !== entry)];
  if (kept.length > MAX_RUN_FILES) {
    for (const f of kept.slice(MAX_RUN_FILES))
      skipped.push(`${f.path} (a run takes ${MAX_RUN_FILES} files)`);
    kept = kept.slice(0, MAX_RUN_FILES);
  }
  const runFiles = kept.map((f) => ({ name: f.path, content: f.content }));
  if (runtime === "sql") {
    const seed = kept
      .filter((f) => f.path !== entry && f.path.endsWith(".sql"))
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map((f) => f.content)
      .join("\n");
    return { request: { language: "sql", files: runFiles, entry, seed }, skipped };
  }
  return { request: { language: runtime, files: runFiles, entry }, skipped };
}
