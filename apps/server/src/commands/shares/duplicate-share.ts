/**
 * Duplicates a share into the caller's own projects (POST /v1/shares/{code}/duplicate): a new
 * project with the snapshot's files, its template from the share's runtime and `duplicatedFrom`
 * naming the code. The project limits of @lumen/core apply as to any other project.
 */
import { shareTemplate } from "@lumen/contracts";
import { cleanProjectName, PROJECT_LIMITS, projectFilesProblem } from "@lumen/core";
import { type Db, eq, schema, sql } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";
import { findLiveShare } from "./find-live-share.ts";

export async function duplicateShare(options: {
  db: Db;
  userId: string;
  code: string;
  at: Date;
}): Promise<{ projectId: string }> {
  const { db, userId, code, at } = options;
  const share = await findLiveShare(db, code);
  const problem = projectFilesProblem(share.files);
  if (problem) throw errors.validation(problem.message);
  const name =
    cleanProjectName(share.title.slice(0, PROJECT_LIMITS.nameLength)) ?? "Shared project";
  return db.transaction(async (tx) => {
    // Serialises this learner's project creations, so that two at once cannot pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`projects:${userId}`}))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.projects)
      .where(eq(schema.projects.userId, userId));
    if ((count?.n ?? 0) >= PROJECT_LIMITS.projects) {
      throw new AppError(
        "limit_reached",
        `You can keep at most ${PROJECT_LIMITS.projects} projects: delete one to make room.`,
      );
    }
    const [project] = await tx
      .insert(schema.projects)
      .values({
        userId,
        name,
        template: shareTemplate(share.runtime),
        entry: share.entry,
        duplicatedFrom: share.code,
        createdAt: at,
        updatedAt: at,
        openedAt: at,
      })
      .returning({ id: schema.projects.id });
    if (!project) throw new AppError("internal", "The project was not created.");
    await tx.insert(schema.projectFiles).values(
      share.files.map((file) => ({
        projectId: project.id,
        path: file.path,
        content: file.content,
        updatedAt: at,
      })),
    );
    return { projectId: project.id };
  });
}
