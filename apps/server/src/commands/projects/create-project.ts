/**
 * Creates a project from a template (POST /v1/projects): a clean name, the template's starter
 * files (@lumen/core project-templates) and revision 1. A learner keeps at most
 * PROJECT_LIMITS.projects projects; past that the answer is limit_reached.
 */
import {
  cleanProjectName,
  PROJECT_LIMITS,
  PROJECT_TEMPLATES,
  type ProjectTemplateId,
} from "@lumen/core";
import { type Db, eq, schema, sql } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";

export interface CreateProjectOptions {
  db: Db;
  userId: string;
  name: string;
  template: ProjectTemplateId;
  at?: Date;
}

export async function createProject({
  db,
  userId,
  name,
  template,
  at = new Date(),
}: CreateProjectOptions) {
  const clean = cleanProjectName(name);
  if (!clean) {
    throw errors.validation(
      `name: give the project a name of 1 to ${PROJECT_LIMITS.nameLength} characters.`,
    );
  }
  const starter = PROJECT_TEMPLATES[template];
  return db.transaction(async (tx) => {
    // One learner's creates wait for each other, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`projects:${userId}`}))`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.projects)
      .where(eq(schema.projects.userId, userId));
    if ((counted?.count ?? 0) >= PROJECT_LIMITS.projects) {
      throw new AppError(
        "limit_reached",
        `You can keep at most ${PROJECT_LIMITS.projects} projects. Delete one to make room.`,
      );
    }
    const [project] = await tx
      .insert(schema.projects)
      .values({
        userId,
        name: clean,
        template,
        entry: starter.entry,
        createdAt: at,
        updatedAt: at,
        openedAt: at,
      })
      .returning();
    const files = starter.files.map((f) => ({ path: f.path, content: f.content }));
    await tx
      .insert(schema.projectFiles)
      .values(files.map((f) => ({ projectId: project!.id, ...f, updatedAt: at })));
    return { project: project!, files };
  });
}
