/**
 * Instances (issue 18): publishing a build gives a running copy of the app at an origin of its own,
 * `{slug}.{APPS_DOMAIN}`, built for production in a machine of its own, that stays up (no idle
 * stop) and starts again after a restart. Redeploy publishes the build's files again; stop, start
 * and delete act on its machine.
 */
import { randomBytes } from "node:crypto";
import type { Instance, PublishBody } from "@lumen/contracts";
import { BUILDER_LIMITS, instanceSlugProblem, slugFromTitle } from "@lumen/core";
import { and, type Db, desc, eq, schema, sql } from "@lumen/db";
import type { UserRow } from "../auth/users.ts";
import { AppError, errors } from "../errors.ts";
import { buildFilesOf, findOwnBuild } from "./build-store.ts";
import { assertBuilderPlan, type BuilderDeps } from "./builder-commands.ts";

export type InstanceRow = typeof schema.instances.$inferSelect;

const suffix = () =>
  [...randomBytes(4)].map((b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

export async function presentInstance(deps: BuilderDeps, row: InstanceRow): Promise<Instance> {
  const [machine] = row.machineId
    ? await deps.db.select().from(schema.machines).where(eq(schema.machines.id, row.machineId))
    : [];
  const [build] = row.buildId
    ? await deps.db
        .select({ revision: schema.builds.revision })
        .from(schema.builds)
        .where(eq(schema.builds.id, row.buildId))
    : [];
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    url: `${deps.machines.originOf(row.slug)}/`,
    buildId: row.buildId,
    deployedRevision: row.deployedRevision,
    behind: build ? build.revision !== row.deployedRevision : false,
    deployedAt: row.deployedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    requests: row.requests,
    machine: machine && !machine.destroyedAt ? await deps.machines.present(machine) : null,
  };
}

export async function findOwnInstance(db: Db, userId: string, id: string): Promise<InstanceRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw errors.notFound("This instance");
  const [row] = await db
    .select()
    .from(schema.instances)
    .where(and(eq(schema.instances.id, id), eq(schema.instances.userId, userId)));
  if (!row) throw errors.notFound("This instance");
  return row;
}

export async function listInstances(db: Db, userId: string): Promise<InstanceRow[]> {
  return db
    .select()
    .from(schema.instances)
    .where(eq(schema.instances.userId, userId))
    .orderBy(desc(schema.instances.createdAt));
}

async function deploy(
  deps: BuilderDeps,
  instance: InstanceRow,
  files: Array<{ path: string; content: string }>,
) {
  const machineRow = instance.machineId
    ? (
        await deps.db
          .select()
          .from(schema.machines)
          .where(eq(schema.machines.id, instance.machineId))
      )[0]
    : undefined;
  if (!machineRow || machineRow.destroyedAt) throw errors.notFound("This instance's machine");
  const driver = await deps.machines.driver();
  // The files as published replace the machine's: what the build no longer has goes.
  const previous = new Set(((instance.files as Array<{ path: string }>) ?? []).map((f) => f.path));
  const now = new Set(files.map((f) => f.path));
  await driver.writeFiles(machineRow.id, [
    ...files.map((f) => ({ path: f.path, content: f.content as string | null })),
    ...[...previous].filter((p) => !now.has(p)).map((p) => ({ path: p, content: null })),
  ]);
  await driver.restart(machineRow.id);
  await deps.db
    .update(schema.machines)
    .set({ state: "starting" })
    .where(eq(schema.machines.id, machineRow.id));
}

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

export async function setInstanceRunning(
  deps: BuilderDeps,
  user: UserRow,
  id: string,
  running: boolean,
) {
  const instance = await findOwnInstance(deps.db, user.id, id);
  if (!instance.machineId) throw errors.notFound("This instance's machine");
  const [machine] = await deps.db
    .select()
    .from(schema.machines)
    .where(eq(schema.machines.id, instance.machineId));
  if (!machine || machine.destroyedAt) throw errors.notFound("This instance's machine");
  if (running) {
    await deps.machines.ensureRunning(deps.db, machine);
  } else {
    const driver = await deps.machines.driver();
    await driver.stop(machine.id);
    await deps.db
      .update(schema.machines)
      .set({ state: "stopped" })
      .where(eq(schema.machines.id, machine.id));
  }
  return instance;
}

export async function deleteInstance(deps: BuilderDeps, user: UserRow, id: string) {
  const instance = await findOwnInstance(deps.db, user.id, id);
  if (instance.machineId) {
    const [machine] = await deps.db
      .select()
      .from(schema.machines)
      .where(eq(schema.machines.id, instance.machineId));
    if (machine && !machine.destroyedAt) await deps.machines.destroy(deps.db, machine);
  }
  await deps.db.delete(schema.instances).where(eq(schema.instances.id, instance.id));
}

/** The app proxy's lookup: the machine that serves `slug`, and a request counted. */
export async function instanceMachineBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ machine: schema.machines })
    .from(schema.instances)
    .innerJoin(schema.machines, eq(schema.machines.id, schema.instances.machineId))
    .where(eq(schema.instances.slug, slug));
  if (!row || row.machine.destroyedAt) return null;
  await db
    .update(schema.instances)
    .set({ requests: sql`${schema.instances.requests} + 1` })
    .where(eq(schema.instances.slug, slug));
  return row.machine;
}
