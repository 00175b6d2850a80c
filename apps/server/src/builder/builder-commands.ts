/**
 * The builder's verbs (issue 18), each taking one options object: builds (create, list, open,
 * rename, delete, the learner's own edits), turns (start one, undo the latest, accept), the preview
 * machine, and the plan and credit checks in front of them. Turns run in the background
 * (BuilderService.running); the web app reads the build again until its turn is done.
 */
import type { Build, BuildChange, CreateTurnBody, SaveBuildFilesBody } from "@lumen/contracts";
import {
  APP_TEMPLATES,
  type AppTemplateKey,
  BUILDER_LIMITS,
  builderImageProblem,
  buildPathProblem,
  planLabel,
  utf8Bytes,
} from "@lumen/core";
import { and, type Db, desc, eq, isNull, schema, sql } from "@lumen/db";
import type { Logger } from "pino";
import type { AiService } from "../ai/ai-service.ts";
import { notConfigured } from "../ai/model-client.ts";
import type { UserRow } from "../auth/users.ts";
import { insufficientCredits, readCreditBalance } from "../billing/credit-store.ts";
import { readEffectivePlan } from "../billing/effective-plan.ts";
import { ensureCreditGrants } from "../commands/ensure-credit-grants.ts";
import type { Env } from "../env.ts";
import { AppError, errors } from "../errors.ts";
import type { MachineRow, MachineService } from "../machines/machine-service.ts";
import type { FlagService } from "../operations/flags/flag-service.ts";
import {
  applyChanges,
  type BuildRow,
  buildFilesOf,
  findOwnBuild,
  presentTurn,
  templateFiles,
  turnsOf,
} from "./build-store.ts";
import { runTurn } from "./run-turn.ts";

/** The tier whose plan first opens the builder (its label is in plan_required's sentence). */
export const BUILDER_UNLOCKED_BY = "tier-1";
export const INSTANCES_UNLOCKED_BY = "tier-2";

/** "Starter plan" is already a plan's name; "100 Credits" becomes "100 Credits plan". */
const planName = (tier: typeof BUILDER_UNLOCKED_BY | typeof INSTANCES_UNLOCKED_BY) => {
  const label = planLabel(tier);
  return /plan$/i.test(label) ? label : `${label} plan`;
};

export interface BuilderDeps {
  db: Db;
  env: Env;
  logger: Logger;
  ai: AiService;
  flags: FlagService;
  machines: MachineService;
  clock: () => Date;
  running: Set<Promise<void>>;
}

/** 402 plan_required unless the learner's plan includes the builder (or instances). */
export async function assertBuilderPlan(
  deps: Pick<BuilderDeps, "db" | "env" | "clock">,
  user: UserRow,
  what: "appBuilder" | "instances" = "appBuilder",
): Promise<void> {
  const plan = await readEffectivePlan({
    db: deps.db,
    userId: user.id,
    now: deps.clock(),
    env: deps.env,
  });
  if (plan.entitlements[what]) return;
  throw what === "appBuilder"
    ? new AppError(
        "plan_required",
        `The AI app builder is part of the ${planName(BUILDER_UNLOCKED_BY)} and the plans above it.`,
      )
    : new AppError(
        "plan_required",
        `Publishing apps is part of the ${planName(INSTANCES_UNLOCKED_BY)} and the plans above it.`,
      );
}

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

export async function listBuilds(db: Db, userId: string) {
  const rows = await db
    .select({
      build: schema.builds,
      turns: sql<number>`(select count(*)::int from ${schema.buildTurns} where ${schema.buildTurns.buildId} = ${schema.builds.id})`,
    })
    .from(schema.builds)
    .where(eq(schema.builds.userId, userId))
    .orderBy(desc(schema.builds.updatedAt));
  return rows;
}

export async function previewMachineOf(db: Db, buildId: string): Promise<MachineRow | null> {
  const [row] = await db
    .select()
    .from(schema.machines)
    .where(
      and(
        eq(schema.machines.buildId, buildId),
        eq(schema.machines.role, "preview"),
        isNull(schema.machines.destroyedAt),
      ),
    );
  return row ?? null;
}

export async function readBuild(deps: BuilderDeps, user: UserRow, buildId: string): Promise<Build> {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  const [files, turns, machine] = await Promise.all([
    buildFilesOf(deps.db, build.id),
    turnsOf(deps.db, build.id),
    previewMachineOf(deps.db, build.id),
  ]);
  return {
    id: build.id,
    title: build.title,
    template: APP_TEMPLATES.find((t) => t.key === build.template)?.key ?? "blank",
    revision: build.revision,
    createdAt: build.createdAt.toISOString(),
    updatedAt: build.updatedAt.toISOString(),
    files,
    turns: turns.map(presentTurn),
    summary: build.summary,
    summaryThrough: build.summaryThrough,
    machine: machine ? await deps.machines.present(machine) : null,
  };
}

export async function renameBuild(db: Db, userId: string, buildId: string, title: string) {
  const build = await findOwnBuild(db, userId, buildId);
  const clean = cleanTitle(title, "");
  if (!clean)
    throw errors.validation(
      `title: give the build a title of 1 to ${BUILDER_LIMITS.titleLength} characters.`,
    );
  await db.update(schema.builds).set({ title: clean }).where(eq(schema.builds.id, build.id));
}

export async function deleteBuild(deps: BuilderDeps, userId: string, buildId: string) {
  const build = await findOwnBuild(deps.db, userId, buildId);
  const machine = await previewMachineOf(deps.db, build.id);
  if (machine) await deps.machines.destroy(deps.db, machine);
  await deps.db.delete(schema.builds).where(eq(schema.builds.id, build.id));
}

/** The build's files copied into its preview machine (all of them: the machine may be new). */
export async function syncMachine(deps: BuilderDeps, build: BuildRow, machine: MachineRow) {
  if (machine.revision === build.revision) return;
  const files = await buildFilesOf(deps.db, build.id);
  await deps.machines.writeFiles(
    deps.db,
    machine,
    files.map((f) => ({ path: f.path, content: f.content })),
    build.revision,
  );
}

/** The build's preview machine, made and started if need be, with the build's files in it. */
export async function ensurePreview(deps: BuilderDeps, user: UserRow, buildId: string) {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  await assertBuilderPlan(deps, user);
  let machine = await previewMachineOf(deps.db, build.id);
  if (!machine) {
    machine = await deps.machines.create(deps.db, {
      userId: user.id,
      buildId: build.id,
      role: "preview",
    });
  }
  // The files first, so that the app starts on them (a machine the driver lost has none: it is
  // made again by ensureRunning, and filled after).
  await syncMachine(deps, build, machine).catch(() => undefined);
  const status = await deps.machines.ensureRunning(deps.db, machine);
  await syncMachine(deps, build, machine);
  return { build, machine, status };
}

/** The learner's own edits, against the revision their editor started from. */
export async function saveBuildFiles(
  deps: BuilderDeps,
  user: UserRow,
  buildId: string,
  body: SaveBuildFilesBody,
): Promise<number> {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  if (body.baseRevision !== build.revision) {
    throw new AppError(
      "conflict",
      "This build changed since you opened it. Your editor has been brought up to date; make your change again.",
    );
  }
  const files = new Map((await buildFilesOf(deps.db, build.id)).map((f) => [f.path, f.content]));
  const changes: Array<{ path: string; after: string | null }> = [];
  for (const path of body.deletes ?? []) {
    const problem = buildPathProblem(path);
    if (problem) throw errors.validation(`deletes: ${problem}`);
    if (files.delete(path)) changes.push({ path, after: null });
  }
  for (const file of body.upserts ?? []) {
    const problem = buildPathProblem(file.path);
    if (problem) throw errors.validation(`upserts: ${file.path}: ${problem}`);
    files.set(file.path, file.content);
    changes.push({ path: file.path, after: file.content });
  }
  if (files.size > BUILDER_LIMITS.files) {
    throw new AppError("limit_reached", `A build can have at most ${BUILDER_LIMITS.files} files.`);
  }
  const total = [...files.values()].reduce((sum, text) => sum + utf8Bytes(text), 0);
  if (total > BUILDER_LIMITS.buildBytes) {
    throw new AppError(
      "limit_reached",
      `A build's files can be at most ${BUILDER_LIMITS.buildBytes / 1_000_000} MB together.`,
    );
  }
  if (changes.length === 0) return build.revision;
  const revision = await applyChanges(deps.db, build.id, changes, deps.clock());
  const machine = await previewMachineOf(deps.db, build.id);
  if (machine) {
    build.revision = revision;
    await syncMachine(deps, build, machine).catch((error: unknown) => {
      deps.logger.warn({ err: error, machine: machine.id }, "edits not copied to the machine");
    });
  }
  return revision;
}

function decodeImage(body: CreateTurnBody["image"]) {
  if (!body) return null;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.data))
    throw errors.validation("image: send the image as base64.");
  const bytes = new Uint8Array(Buffer.from(body.data, "base64"));
  const problem = builderImageProblem(body.mediaType, bytes);
  if (problem) throw errors.validation(`image: ${problem}`);
  return { mediaType: body.mediaType, bytes };
}

export async function startTurn(
  deps: BuilderDeps,
  user: UserRow,
  buildId: string,
  body: CreateTurnBody,
) {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  await assertBuilderPlan(deps, user);
  const prompt = body.prompt.trim();
  if (!prompt) throw errors.validation("prompt: say what you want to build or change.");
  if (prompt.length > BUILDER_LIMITS.promptLength) {
    throw errors.validation(`prompt: at most ${BUILDER_LIMITS.promptLength} characters.`);
  }
  const { flags, values } = await deps.flags.evaluate({ id: user.id, roles: user.roles });
  if (body.image && !flags.enableImageUploads) {
    throw errors.validation("image: sending images is not turned on for your account.");
  }
  const image = decodeImage(body.image);
  if (!deps.ai.model.configured) throw notConfigured();
  await ensureCreditGrants({ db: deps.db, userId: user.id, now: deps.clock(), env: deps.env });
  if ((await readCreditBalance(deps.db, user.id)) < 1) throw insufficientCredits(1);
  const turns = await turnsOf(deps.db, build.id);
  if (turns.some((t) => t.state === "running")) {
    throw new AppError(
      "conflict",
      "The agent is still working on your last message. Wait for it to finish.",
    );
  }
  // The machine first, so that a learner past their machine limit hears it before anything runs.
  const { machine } = await ensurePreview(deps, user, build.id);
  const [turn] = await deps.db
    .insert(schema.buildTurns)
    .values({
      buildId: build.id,
      number: (turns.at(-1)?.number ?? 0) + 1,
      prompt,
      image: image ? { mediaType: image.mediaType, bytes: image.bytes.length } : null,
      state: "running",
      agent: flags.enableAgent2 ? "agent2" : "agent1",
      model: values.aiModelOverride ?? deps.ai.model.defaultModel,
      createdAt: deps.clock(),
    })
    .returning();
  if (!turn) throw new Error("the turn was not stored");
  await deps.db
    .update(schema.builds)
    .set({ updatedAt: deps.clock() })
    .where(eq(schema.builds.id, build.id));
  const run = runTurn({
    db: deps.db,
    env: deps.env,
    logger: deps.logger,
    ai: deps.ai,
    machines: deps.machines,
    build: { ...build, revision: (await findOwnBuild(deps.db, user.id, build.id)).revision },
    turn,
    machine,
    model: values.aiModelOverride ?? deps.ai.model.defaultModel ?? "",
    flags: {
      partialEdits: flags.enablePartialFileReplacement,
      condensedContext: flags.enableCondensedContext,
      agent2: flags.enableAgent2,
    },
    image,
    clock: deps.clock,
  }).catch((error: unknown) => {
    deps.logger.error({ err: error, turn: turn.id }, "builder turn crashed");
    return deps.db
      .update(schema.buildTurns)
      .set({ state: "failed", error: "The agent stopped unexpectedly.", finishedAt: deps.clock() })
      .where(eq(schema.buildTurns.id, turn.id))
      .then(() => {});
  });
  deps.running.add(run);
  void run.finally(() => deps.running.delete(run));
  return presentTurn(turn);
}

/** Undo restores each file the turn changed to exactly what it was; only the latest live turn. */
export async function undoTurn(deps: BuilderDeps, user: UserRow, buildId: string, number: number) {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  const turns = await turnsOf(deps.db, build.id);
  const turn = turns.find((t) => t.number === number);
  if (!turn) throw errors.notFound("This turn");
  const latest = turns.filter((t) => t.state === "done" || t.state === "failed").at(-1);
  if (turn.state === "running") throw new AppError("conflict", "This turn is still running.");
  if (turn.state === "undone") throw new AppError("conflict", "This turn was already undone.");
  if (turn.accepted)
    throw new AppError("conflict", "You accepted this turn's changes, so it cannot be undone.");
  if (latest?.id !== turn.id) {
    throw new AppError(
      "conflict",
      "Only the latest turn can be undone. Undo the turns after it first.",
    );
  }
  const changes = (turn.changes as BuildChange[]) ?? [];
  const files = new Map((await buildFilesOf(deps.db, build.id)).map((f) => [f.path, f.content]));
  const edited = changes.filter((c) => (files.get(c.path) ?? null) !== c.after);
  if (edited.length > 0) {
    throw new AppError(
      "conflict",
      `You changed ${edited.map((c) => c.path).join(", ")} after this turn, so undoing it would lose your edits.`,
    );
  }
  const revision = await applyChanges(
    deps.db,
    build.id,
    changes.map((c) => ({ path: c.path, after: c.before })),
    deps.clock(),
  );
  await deps.db
    .update(schema.buildTurns)
    .set({ state: "undone" })
    .where(eq(schema.buildTurns.id, turn.id));
  const machine = await previewMachineOf(deps.db, build.id);
  if (machine) {
    const driver = await deps.machines.driver().catch(() => null);
    if (driver) {
      await driver.writeFiles(
        machine.id,
        changes.map((c) => ({ path: c.path, content: c.before })),
      );
      await deps.db
        .update(schema.machines)
        .set({ revision })
        .where(eq(schema.machines.id, machine.id));
      if (changes.some((c) => c.path.startsWith("server/"))) await driver.restart(machine.id);
    }
  }
}

export async function acceptTurn(db: Db, userId: string, buildId: string, number: number) {
  const build = await findOwnBuild(db, userId, buildId);
  const [turn] = await db
    .select()
    .from(schema.buildTurns)
    .where(and(eq(schema.buildTurns.buildId, build.id), eq(schema.buildTurns.number, number)));
  if (!turn) throw errors.notFound("This turn");
  if (turn.state !== "done" && turn.state !== "failed") {
    throw new AppError("conflict", "Only a finished turn can be accepted.");
  }
  await db
    .update(schema.buildTurns)
    .set({ accepted: true })
    .where(eq(schema.buildTurns.id, turn.id));
}

/** After a restart: a turn that was running when the server stopped is failed, not left spinning. */
export async function failInterruptedTurns(db: Db, at: Date): Promise<void> {
  await db
    .update(schema.buildTurns)
    .set({
      state: "failed",
      error: "The server restarted during this turn. Send your message again.",
      finishedAt: at,
    })
    .where(eq(schema.buildTurns.state, "running"));
}
