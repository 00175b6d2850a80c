import { APP_TEMPLATES, type AppTemplateKey, BUILDER_LIMITS } from "@lumen/core";
import { eq, schema, sql } from "@lumen/db";
import type { UserRow } from "../../auth/users.ts";
import { type BuildRow, templateFiles } from "../../builder/build-store.ts";
import { assertBuilderPlan, type BuilderDeps } from "../../builder/builder-plan.ts";
import { AppError } from "../../errors.ts";

export function cleanTitle(title: string | undefined, fallback: string): string {
  const clean = (title ?? "").replace(/\s+/g, " ").trim().slice(0, BUILDER_LIMITS.titleLength);
  return clean || fallback;
}

export async function createBuild(
  deps: BuilderDeps,
  user: UserRow,
  body: { template: AppTemplateKey; title?: string },
): Promise<BuildRow> {
  await assertBuilderPlan(deps, user);
  const template = APP_TEMPLATES.find((t) => t.key === body.template) ?? APP_TEMPLATES[0];
  const files = templateFiles(template.key);
  const at = deps.clock();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`builds:${user.id}`}))`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.builds)
      .where(eq(schema.builds.userId, user.id));
    if ((counted?.count ?? 0) >= BUILDER_LIMITS.builds) {
      throw new AppError(
        "limit_reached",
        `You can keep at most ${BUILDER_LIMITS.builds} builds. Delete one to make room.`,
      );
    }
    const [build] = await tx
      .insert(schema.builds)
      .values({
        userId: user.id,
        title: cleanTitle(body.title, template.title),
        template: template.key,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!build) throw new Error("the build was not stored");
    await tx
      .insert(schema.buildFiles)
      .values(
        files.map((f) => ({ buildId: build.id, path: f.path, content: f.content, updatedAt: at })),
      );
    return build;
  });
}
