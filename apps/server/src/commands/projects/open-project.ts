/** Reads a learner's own project with its files (GET /v1/projects/{id}) and notes the opening. */
import { type Db, eq, schema } from "@lumen/db";
import { findOwnProject, projectFilesOf } from "./find-own-project.ts";

export interface OpenProjectOptions {
  db: Db;
  userId: string;
  projectId: string;
  at?: Date;
}

export async function openProject({ db, userId, projectId, at = new Date() }: OpenProjectOptions) {
  const project = await findOwnProject({ db, userId, projectId });
  await db.update(schema.projects).set({ openedAt: at }).where(eq(schema.projects.id, projectId));
  return { project, files: await projectFilesOf(db, projectId) };
}
