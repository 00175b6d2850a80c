/** Renames a learner's own project (PATCH /v1/projects/{id}); the revision does not change. */
import { cleanProjectName, PROJECT_LIMITS } from "@lumen/core";
import { type Db, eq, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { findOwnProject } from "./find-own-project.ts";

export interface RenameProjectOptions {
  db: Db;
  userId: string;
  projectId: string;
  name: string;
  at?: Date;
}

export async function renameProject({
  db,
  userId,
  projectId,
  name,
  at = new Date(),
}: RenameProjectOptions) {
  const clean = cleanProjectName(name);
  if (!clean) {
    throw errors.validation(
      `name: give the project a name of 1 to ${PROJECT_LIMITS.nameLength} characters.`,
    );
  }
  await findOwnProject({ db, userId, projectId });
  const [row] = await db
    .update(schema.projects)
    .set({ name: clean, updatedAt: at })
    .where(eq(schema.projects.id, projectId))
    .returning();
  return row!;
}
