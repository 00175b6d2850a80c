/** Deletes a learner's own project and its files (DELETE /v1/projects/{id}). */
import { type Db, eq, schema } from "@lumen/db";
import { findOwnProject } from "./find-own-project.ts";

export interface DeleteProjectOptions {
  db: Db;
  userId: string;
  projectId: string;
}

export async function deleteProject({
  db,
  userId,
  projectId,
}: DeleteProjectOptions): Promise<void> {
  await findOwnProject({ db, userId, projectId });
  await db.delete(schema.projects).where(eq(schema.projects.id, projectId));
}
