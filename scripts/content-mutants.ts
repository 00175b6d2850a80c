/**
 * Mutation testing of one lesson for `npm run content:check` (issue 20): runs the lesson's checks
 * against each mutant of the author's solution (packages/content/src/mutation) with the same
 * in-process runners that verify the solution. A mutant the checks reject is killed; one they
 * pass is a survivor, which the lesson file may justify (front matter `survivors:`).
 */
import {
  hardCodedOutput,
  hardCodedTable,
  type JustifiedSurvivor,
  judgeSurvivors,
  type Mutant,
  selectMutants,
} from "@lumen/content";
import type { Lesson, LessonFile, RunResult } from "@lumen/contracts";

export interface LessonMutation {
  tried: number;
  killed: number;
  survivors: Array<{ key: string; diff: string; justified: boolean }>;
  /** Justifications whose mutant no longer survives (or is no longer tried). */
  stale: string[];
  /** Results of the mutants, for the checks on what the learner reads. */
  results: RunResult[];
}

const ENTRY: Partial<Record<Lesson["codeLanguage"], string>> = {
  python: "main.py",
  javascript: "index.js",
  typescript: "index.ts",
  sql: "query.sql",
};

/** What the solution showed, as the program that would show it by hard-coding (the cheat). */
function hardCoded(lesson: Lesson, solved: RunResult): Record<string, string | undefined> {
  const entry = ENTRY[lesson.codeLanguage];
  if (!entry) return {};
  if (lesson.codeLanguage === "sql") {
    const tables = solved.output?.kind === "table" ? solved.output.tables : [];
    const last = tables.at(-1);
    return { [entry]: last ? hardCodedTable(last) : undefined };
  }
  const printed = solved.console
    .filter((c) => c.stream === "stdout")
    .map((c) => c.text)
    .join(lesson.codeLanguage === "python" ? "" : "\n");
  const language = lesson.codeLanguage === "python" ? "python" : "javascript";
  return { [entry]: hardCodedOutput(printed, language) };
}

export async function mutateLesson(options: {
  lesson: Lesson;
  /** The whole solution: starter files with the author's solution files over them. */
  solution: LessonFile[];
  solved: RunResult;
  justified: JustifiedSurvivor[];
  run: (files: LessonFile[]) => Promise<RunResult>;
  cap?: number;
}): Promise<LessonMutation> {
  const { lesson, solution, solved } = options;
  const editable = solution.filter((f) => lesson.solution?.some((s) => s.name === f.name));
  const mutants: Mutant[] = selectMutants(editable, {
    seed: lesson.id,
    starter: lesson.executableContent.files,
    hardCoded: hardCoded(lesson, solved),
    ...(options.cap ? { cap: options.cap } : {}),
  });
  const survivors: Mutant[] = [];
  const results: RunResult[] = [];
  for (const mutant of mutants) {
    const files = solution.map((f) =>
      f.name === mutant.file ? { ...f, content: mutant.content } : f,
    );
    const result = await options.run(files);
    results.push(result);
    if (result.status === "passed") survivors.push(mutant);
  }
  const verdict = judgeSurvivors(
    survivors.map((s) => s.key),
    mutants.map((m) => m.key),
    options.justified,
  );
  return {
    tried: mutants.length,
    killed: mutants.length - survivors.length,
    survivors: survivors.map((s) => ({
      key: s.key,
      diff: s.diff,
      justified: verdict.justified.includes(s.key),
    })),
    stale: verdict.stale,
    results,
  };
}
