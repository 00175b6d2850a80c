import type { PublishBody } from "@lumen/contracts";
import { BUILDER_LIMITS, instanceSlugProblem, slugFromTitle } from "@lumen/core";
import { eq, schema } from "@lumen/db";
import type { UserRow } from "../../auth/users.ts";
import { buildFilesOf, findOwnBuild } from "../../builder/build-store.ts";
import { assertBuilderPlan, type BuilderDeps } from "../../builder/builder-plan.ts";
import { deploy, type InstanceRow, suffix } from "../../builder/instance-store.ts";
import { AppError, errors } from "../../errors.ts";
import { listInstances } from "./list-instances.ts";

export async function publishBuild(
  deps: BuilderDeps,
  user: UserRow,
  buildId: string,
  body: PublishBody,
): Promise<InstanceRow> {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  await assertBuilderPlan(deps, user, "instances");
  const slug = body.slug?.trim().toLowerCase() || slugFromTitle(build.title, suffix());
  const problem = instanceSlugProblem(slug);
  if (problem) throw errors.validation(`slug: ${problem}`);
  const owned = await listInstances(deps.db, user.id);
  if (owned.length >= BUILDER_LIMITS.instances) {
    throw new AppError(
      "limit_reached",
      `You can publish at most ${BUILDER_LIMITS.instances} apps. Delete one to make room.`,
    );
  }
  const [taken] = await deps.db
    .select({ id: schema.instances.id })
    .from(schema.instances)
    .where(eq(schema.instances.slug, slug));
  if (taken) throw new AppError("conflict", `The address ${slug} is taken. Choose another.`);
  const files = await buildFilesOf(deps.db, build.id);
  const machine = await deps.machines.create(deps.db, {
    userId: user.id,
    buildId: build.id,
    role: "instance",
  });
  let instance: InstanceRow | undefined;
  try {
    [instance] = await deps.db
      .insert(schema.instances)
      .values({
        userId: user.id,
        buildId: build.id,
        machineId: machine.id,
        slug,
        title: build.title,
        files,
        deployedRevision: build.revision,
        deployedAt: deps.clock(),
      })
      .returning();
  } catch (error) {
    await deps.machines.destroy(deps.db, machine);
    if (String((error as { cause?: unknown })?.cause ?? error).includes("instances_slug_idx")) {
      throw new AppError("conflict", `The address ${slug} is taken. Choose another.`);
    }
    throw error;
  }
  if (!instance) throw new Error("the instance was not stored");
  await deploy(deps, { ...instance, files: [] }, files);
  return instance;
}
