/**
 * The AI app builder (issue 18). Every path reads and writes the signed-in learner's own builds,
 * machines and instances; anybody else's is a 404.
 * - GET    /builds                       → 200 { builds, templates, limit }
 * - POST   /builds { template, title? }  → 201 { build } (402 plan_required, 409 limit_reached)
 * - GET    /builds/{id}                  → 200 { build } (files, turns, machine)
 * - PATCH  /builds/{id} { title }        → 200 { build }
 * - DELETE /builds/{id}                  → 204 (its preview machine is destroyed)
 * - PUT    /builds/{id}/files { baseRevision, upserts?, deletes? } → 200 { build }; 409 when stale
 * - POST   /builds/{id}/turns { prompt, image? } → 202 { turn } (runs in the background)
 * - POST   /builds/{id}/turns/{n}/undo | /accept → 200 { build }
 * - POST   /builds/{id}/preview          → 200 { machine, url } (url enters the preview's origin)
 * - POST   /builds/{id}/publish { slug? } → 201 { instance }
 * - GET    /machines, GET /machines/{id}, POST /machines/{id}/start, /stop, /restart
 * - GET    /machines/{id}/logs?after=    → 200 { lines }; POST /machines/{id}/logs/ticket → { url }
 *          (the WebSocket at /v1/machines/{id}/logs/stream is served by machines/log-socket.ts)
 * - GET    /instances, GET /instances/{id}, POST /instances/{id}/redeploy, /stop, /start, DELETE
 * - GET    /admin/builder/agents         → the two agent designs compared (admins)
 */
import {
  type AgentComparisonAnswer,
  createBuildBodySchema,
  createTurnBodySchema,
  publishBodySchema,
  renameBuildBodySchema,
  saveBuildFilesBodySchema,
} from "@lumen/contracts";
import { APP_TEMPLATES, BUILDER_LIMITS } from "@lumen/core";
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { presentBuildSummary } from "../builder/build-store.ts";
import type { BuilderDeps } from "../builder/builder-plan.ts";
import { findOwnInstance, presentInstance } from "../builder/instance-store.ts";
import { acceptTurn } from "../commands/builder/accept-turn.ts";
import { createBuild } from "../commands/builder/create-build.ts";
import { deleteBuild } from "../commands/builder/delete-build.ts";
import { deleteInstance } from "../commands/builder/delete-instance.ts";
import { ensurePreview } from "../commands/builder/ensure-preview.ts";
import { listBuilds } from "../commands/builder/list-builds.ts";
import { listInstances } from "../commands/builder/list-instances.ts";
import { publishBuild } from "../commands/builder/publish-build.ts";
import { readBuild } from "../commands/builder/read-build.ts";
import { redeployInstance } from "../commands/builder/redeploy-instance.ts";
import { renameBuild } from "../commands/builder/rename-build.ts";
import { saveBuildFiles } from "../commands/builder/save-build-files.ts";
import { setInstanceRunning } from "../commands/builder/set-instance-running.ts";
import { startTurn } from "../commands/builder/start-turn.ts";
import { undoTurn } from "../commands/builder/undo-turn.ts";
import { errors } from "../errors.ts";
import { readJson, readParams, readQuery } from "../http/validate.ts";
import type { MachineRow } from "../machines/machine-service.ts";
import { adminOnly } from "./admin/guard.ts";

const idParams = z.object({ id: z.string().max(100) });
const turnParams = z.object({
  id: z.string().max(100),
  number: z.coerce.number().int().min(1).max(1_000_000),
});

function builderDeps(c: Context<AuthEnv>): BuilderDeps {
  const deps = c.get("deps");
  return {
    db: deps.database.db,
    env: deps.env,
    logger: c.get("log"),
    ai: deps.ai,
    flags: deps.flags,
    machines: deps.machines,
    clock: deps.clock,
    running: deps.builderTurns,
  };
}

async function ownMachine(db: Db, userId: string, id: string): Promise<MachineRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw errors.notFound("This machine");
  const [row] = await db
    .select()
    .from(schema.machines)
    .where(
      and(
        eq(schema.machines.id, id),
        eq(schema.machines.userId, userId),
        isNull(schema.machines.destroyedAt),
      ),
    );
  if (!row) throw errors.notFound("This machine");
  return row;
}

async function machineAction(c: Context<AuthEnv>, action: "start" | "stop" | "restart") {
  const { id } = readParams(c, idParams);
  const deps = builderDeps(c);
  const row = await ownMachine(deps.db, currentUser(c).id, id);
  const driver = await deps.machines.driver();
  if (action === "start") await deps.machines.ensureRunning(deps.db, row);
  else if (action === "stop") await driver.stop(row.id);
  else {
    await driver.restart(row.id);
    await deps.machines.touch(deps.db, row.id);
  }
  const status = await driver.status(row.id);
  await deps.db
    .update(schema.machines)
    .set({ state: status?.state ?? "stopped" })
    .where(eq(schema.machines.id, row.id));
  return c.json({ machine: await deps.machines.present(row) });
}

async function instanceAction(c: Context<AuthEnv>, action: "redeploy" | "stop" | "start") {
  const { id } = readParams(c, idParams);
  const deps = builderDeps(c);
  const user = currentUser(c);
  const row =
    action === "redeploy"
      ? await redeployInstance(deps, user, id)
      : await setInstanceRunning(deps, user, id, action === "start");
  return c.json({ instance: await presentInstance(deps, row) });
}

export const builderRoutes = new Hono<AuthEnv>()
  .get("/builds", requireUser(), async (c) => {
    const rows = await listBuilds(c.get("deps").database.db, currentUser(c).id);
    return c.json({
      builds: rows.map((r) => presentBuildSummary(r.build, r.turns)),
      templates: APP_TEMPLATES.map(({ key, title, description }) => ({ key, title, description })),
      limit: BUILDER_LIMITS.builds,
    });
  })
  .post("/builds", requireUser(), async (c) => {
    const body = await readJson(c, createBuildBodySchema);
    const deps = builderDeps(c);
    const build = await createBuild(deps, currentUser(c), body);
    return c.json({ build: await readBuild(deps, currentUser(c), build.id) }, 201);
  })
  .get("/builds/:id", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    return c.json({ build: await readBuild(builderDeps(c), currentUser(c), id) });
  })
  .patch("/builds/:id", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const body = await readJson(c, renameBuildBodySchema);
    const deps = builderDeps(c);
    await renameBuild(deps.db, currentUser(c).id, id, body.title);
    return c.json({ build: await readBuild(deps, currentUser(c), id) });
  })
  .delete("/builds/:id", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    await deleteBuild(builderDeps(c), currentUser(c).id, id);
    return c.body(null, 204);
  })
  .put("/builds/:id/files", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const body = await readJson(c, saveBuildFilesBodySchema);
    const deps = builderDeps(c);
    await saveBuildFiles(deps, currentUser(c), id, body);
    return c.json({ build: await readBuild(deps, currentUser(c), id) });
  })
  .post("/builds/:id/turns", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const body = await readJson(c, createTurnBodySchema);
    const turn = await startTurn(builderDeps(c), currentUser(c), id, body);
    return c.json({ turn }, 202);
  })
  .post("/builds/:id/turns/:number/undo", requireUser(), async (c) => {
    const { id, number } = readParams(c, turnParams);
    const deps = builderDeps(c);
    await undoTurn(deps, currentUser(c), id, number);
    return c.json({ build: await readBuild(deps, currentUser(c), id) });
  })
  .post("/builds/:id/turns/:number/accept", requireUser(), async (c) => {
    const { id, number } = readParams(c, turnParams);
    const deps = builderDeps(c);
    await acceptTurn(deps.db, currentUser(c).id, id, number);
    return c.json({ build: await readBuild(deps, currentUser(c), id) });
  })
  .post("/builds/:id/preview", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const deps = builderDeps(c);
    const user = currentUser(c);
    const { machine, status } = await ensurePreview(deps, user, id);
    return c.json({
      machine: await deps.machines.present(machine),
      url:
        status.state === "failed"
          ? null
          : `${deps.machines.originOf(deps.machines.previewLabel(machine.id))}/`,
    });
  })
  .post("/builds/:id/publish", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const body = await readJson(c, publishBodySchema);
    const deps = builderDeps(c);
    const instance = await publishBuild(deps, currentUser(c), id, body);
    return c.json({ instance: await presentInstance(deps, instance) }, 201);
  })
  .get("/machines", requireUser(), async (c) => {
    const deps = builderDeps(c);
    const rows = await deps.db
      .select()
      .from(schema.machines)
      .where(
        and(eq(schema.machines.userId, currentUser(c).id), isNull(schema.machines.destroyedAt)),
      );
    return c.json({
      machines: await Promise.all(rows.map((r) => deps.machines.present(r))),
      limit: BUILDER_LIMITS.machines,
    });
  })
  .get("/machines/:id", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const deps = builderDeps(c);
    const row = await ownMachine(deps.db, currentUser(c).id, id);
    return c.json({ machine: await deps.machines.present(row) });
  })
  .post("/machines/:id/start", requireUser(), (c) => machineAction(c, "start"))
  .post("/machines/:id/stop", requireUser(), (c) => machineAction(c, "stop"))
  .post("/machines/:id/restart", requireUser(), (c) => machineAction(c, "restart"))
  .get("/machines/:id/logs", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const { after } = readQuery(
      c,
      z.object({ after: z.coerce.number().int().min(0).max(1e12).optional() }),
    );
    const deps = builderDeps(c);
    const row = await ownMachine(deps.db, currentUser(c).id, id);
    const driver = await deps.machines.driver();
    return c.json({ lines: await driver.logs(row.id, { afterSeq: after, limit: 1_000 }) });
  })
  .post("/machines/:id/logs/ticket", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const deps = builderDeps(c);
    const user = currentUser(c);
    const row = await ownMachine(deps.db, user.id, id);
    const ticket = deps.machines.ticket("logs", row.id, user.id);
    return c.json({
      url: `/v1/machines/${row.id}/logs/stream?ticket=${encodeURIComponent(ticket)}`,
    });
  })
  .get("/instances", requireUser(), async (c) => {
    const deps = builderDeps(c);
    const rows = await listInstances(deps.db, currentUser(c).id);
    return c.json({
      instances: await Promise.all(rows.map((r) => presentInstance(deps, r))),
      limit: BUILDER_LIMITS.instances,
    });
  })
  .get("/instances/:id", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    const deps = builderDeps(c);
    return c.json({
      instance: await presentInstance(deps, await findOwnInstance(deps.db, currentUser(c).id, id)),
    });
  })
  .post("/instances/:id/redeploy", requireUser(), (c) => instanceAction(c, "redeploy"))
  .post("/instances/:id/stop", requireUser(), (c) => instanceAction(c, "stop"))
  .post("/instances/:id/start", requireUser(), (c) => instanceAction(c, "start"))
  .delete("/instances/:id", requireUser(), async (c) => {
    const { id } = readParams(c, idParams);
    await deleteInstance(builderDeps(c), currentUser(c), id);
    return c.body(null, 204);
  })
  .get("/admin/builder/agents", ...adminOnly, async (c) => {
    const t = schema.buildTurns;
    const rows = await c
      .get("deps")
      .database.db.select({
        agent: t.agent,
        turns: sql<number>`count(*)::int`,
        averageSteps: sql<number>`coalesce(avg(${t.steps}), 0)::float`,
        averageTokens: sql<number>`coalesce(avg(${t.inputTokens} + ${t.outputTokens}), 0)::float`,
        buildSuccessRate: sql<
          number | null
        >`(avg(case when ${t.buildOk} then 1.0 when ${t.buildOk} = false then 0.0 end))::float`,
        appSuccessRate: sql<
          number | null
        >`(avg(case when ${t.appOk} then 1.0 when ${t.appOk} = false then 0.0 end))::float`,
      })
      .from(t)
      .where(sql`${t.state} <> 'running'`)
      .groupBy(t.agent);
    const answer: AgentComparisonAnswer = {
      agents: (["agent1", "agent2"] as const).map((agent) => {
        const row = rows.find((r) => r.agent === agent);
        return {
          agent,
          turns: row?.turns ?? 0,
          averageSteps: row?.averageSteps ?? 0,
          averageTokens: row?.averageTokens ?? 0,
          buildSuccessRate: row?.buildSuccessRate ?? null,
          appSuccessRate: row?.appSuccessRate ?? null,
        };
      }),
    };
    return c.json(answer);
  });
