import { eq, schema } from "@lumen/db";
import type { UserRow } from "../../auth/users.ts";
import { buildFilesOf } from "../../builder/build-store.ts";
import { assertBuilderPlan, type BuilderDeps } from "../../builder/builder-plan.ts";
import { deploy, findOwnInstance } from "../../builder/instance-store.ts";
import { AppError } from "../../errors.ts";

export async function redeployInstance(deps: BuilderDeps, user: UserRow, id: string) {
  const instance = await findOwnInstance(deps.db, user.id, id);
  await assertBuilderPlan(deps, user, "instances");
  if (!instance.buildId)
    throw new AppError("conflict", "The build this app came from was deleted.");
  const [build] = await deps.db
    .select()
    .from(schema.builds)
    .where(eq(schema.builds.id, instance.buildId));
  if (!build) throw new AppError("conflict", "The build this app came from was deleted.");
  const files = await buildFilesOf(deps.db, build.id);
  await deploy(deps, instance, files);
  const [row] = await deps.db
    .update(schema.instances)
    .set({ files, deployedRevision: build.revision, deployedAt: deps.clock(), title: build.title })
    .where(eq(schema.instances.id, instance.id))
    .returning();
  return row ?? instance;
}
