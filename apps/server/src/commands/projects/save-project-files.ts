/**
 * Saves changes to a learner's own project (PUT /v1/projects/{id}/files): renames, then deletes,
 * then whole-file writes, checked together against core's rules (paths, file count, sizes) and
 * applied at once; the revision rises by one. A save made from an older revision than the server's
 * is not applied: the answer is a conflict carrying the server's files, for the device to merge.
 */
import { projectFilesProblem, projectPathMessage, projectPathProblem } from "@lumen/core";
import { and, type Db, eq, inArray, schema } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";
import { findOwnProject, type ProjectRow, projectFilesOf } from "./find-own-project.ts";

export interface SaveProjectFilesOptions {
  db: Db;
  userId: string;
  projectId: string;
  baseRevision: number;
  upserts?: Array<{ path: string; content: string }>;
  deletes?: string[];
  renames?: Array<{ from: string; to: string }>;
  entry?: string;
  at?: Date;
}

export type SaveProjectFilesOutcome =
  | { kind: "saved"; project: ProjectRow; files: Array<{ path: string; content: string }> }
  | { kind: "conflict"; project: ProjectRow; files: Array<{ path: string; content: string }> };

function checkPath(path: string): void {
  const problem = projectPathProblem(path);
  if (problem) throw errors.validation(`${path}: ${projectPathMessage(problem)}`);
}

/** The files after the change, or the learner's reason why not. */
function applyChanges(
  current: Map<string, string>,
  options: Pick<SaveProjectFilesOptions, "upserts" | "deletes" | "renames">,
  entry: string,
): { files: Map<string, string>; entry: string } {
  const files = new Map(current);
  let nextEntry = entry;
  for (const { from, to } of options.renames ?? []) {
    checkPath(to);
    const content = files.get(from);
    if (content === undefined) throw errors.notFound(`The file ${from}`);
    if (from === to) continue;
    if (files.has(to)) throw errors.validation(`There is already a file called ${to}.`);
    files.delete(from);
    files.set(to, content);
    if (nextEntry === from) nextEntry = to;
  }
  for (const path of options.deletes ?? []) files.delete(path);
  for (const { path, content } of options.upserts ?? []) {
    checkPath(path);
    files.set(path, content);
  }
  const problem = projectFilesProblem([...files].map(([path, content]) => ({ path, content })));
  if (problem) {
    switch (problem.kind) {
      case "too_many_files":
        throw new AppError("limit_reached", problem.message);
      case "file_too_large":
      case "project_too_large":
        throw new AppError("payload_too_large", problem.message);
      default:
        throw errors.validation(problem.message);
    }
  }
  return { files, entry: nextEntry };
}

export async function saveProjectFiles(
  options: SaveProjectFilesOptions,
): Promise<SaveProjectFilesOutcome> {
  const { db, userId, projectId, baseRevision, at = new Date() } = options;
  return db.transaction(async (tx) => {
    const project = await findOwnProject({
      db: tx as unknown as Db,
      userId,
      projectId,
      forUpdate: true,
    });
    const rows = await projectFilesOf(tx as unknown as Db, projectId);
    if (baseRevision !== project.revision) return { kind: "conflict", project, files: rows };
    const current = new Map(rows.map((r) => [r.path, r.content]));
    const next = applyChanges(current, options, project.entry);
    let entry = next.entry;
    if (options.entry !== undefined) {
      if (!next.files.has(options.entry))
        throw errors.validation(`entry: there is no file called ${options.entry}.`);
      entry = options.entry;
    }
    const removed = [...current.keys()].filter((p) => !next.files.has(p));
    const written = [...next.files].filter(([p, c]) => current.get(p) !== c);
    if (removed.length === 0 && written.length === 0 && entry === project.entry) {
      return { kind: "saved", project, files: rows };
    }
    if (removed.length > 0) {
      await tx
        .delete(schema.projectFiles)
        .where(
          and(
            eq(schema.projectFiles.projectId, projectId),
            inArray(schema.projectFiles.path, removed),
          ),
        );
    }
    for (const [path, content] of written) {
      await tx
        .insert(schema.projectFiles)
        .values({ projectId, path, content, updatedAt: at })
        .onConflictDoUpdate({
          target: [schema.projectFiles.projectId, schema.projectFiles.path],
          set: { content, updatedAt: at },
        });
    }
    const [saved] = await tx
      .update(schema.projects)
      .set({ revision: project.revision + 1, entry, updatedAt: at })
      .where(eq(schema.projects.id, projectId))
      .returning();
    const files = [...next.files]
      .map(([path, content]) => ({ path, content }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { kind: "saved", project: saved!, files };
  });
}
