/**
 * A learner's own project by id, or not_found: another learner's project, a deleted one and a
 * malformed id all answer the same 404, so an id reveals nothing about anybody else's work.
 */
import { and, type Db, eq, schema } from "@lumen/db";
import { errors } from "../../errors.ts";

export type ProjectRow = typeof schema.projects.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FindOwnProjectOptions {
  db: Db;
  userId: string;
  projectId: string;
  /** Locks the row until the transaction ends (saves). */
  forUpdate?: boolean;
}

export async function findOwnProject({
  db,
  userId,
  projectId,
  forUpdate = false,
}: FindOwnProjectOptions): Promise<ProjectRow> {
  if (!UUID.test(projectId)) throw errors.notFound("This project");
  const query = db
    .select()
    .from(schema.projects)
    .where(and(eq(schema.projects.id, projectId), eq(schema.projects.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw errors.notFound("This project");
  return row;
}

/** The project's files, by path. */
export async function projectFilesOf(db: Db, projectId: string) {
  return db
    .select({ path: schema.projectFiles.path, content: schema.projectFiles.content })
    .from(schema.projectFiles)
    .where(eq(schema.projectFiles.projectId, projectId))
    .orderBy(schema.projectFiles.path);
}
