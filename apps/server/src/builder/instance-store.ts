/**
 * Instances (issue 18): publishing a build gives a running copy of the app at an origin of its own,
 * `{slug}.{APPS_DOMAIN}`, built for production in a machine of its own, that stays up (no idle
 * stop) and starts again after a restart. This file holds their rows, presenter, deploy step and
 * the app proxy's lookup; the verbs are in commands/builder/.
 */
import { randomBytes } from "node:crypto";
import type { Instance } from "@lumen/contracts";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { errors } from "../errors.ts";
import type { BuilderDeps } from "./builder-plan.ts";

export type InstanceRow = typeof schema.instances.$inferSelect;

export const suffix = () =>
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

export async function deploy(
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
