/**
 * One builder turn (issue 18): the learner's prompt to the agent, the agent's edits through its
 * tools, its own check at the end (type check and build in the machine; when they fail it is told
 * the errors and fixes them, at most BUILDER_LIMITS.fixRounds times, within the turn's step budget),
 * the app restarted when its server changed and asked whether it answers, the changes stored with
 * their before and after (undo), and the tokens charged in credits.
 *
 * Two designs, chosen per learner by enableAgent2, so that they can be compared on the same
 * prompts: agent1 acts in one loop of tool calls; agent2 first writes a plan (structured output),
 * then acts on each step in turn. Both record steps, tokens and whether the build passed.
 */
import { request } from "node:http";
import { BUILDER_LIMITS, builderCreditsFor, estimateTokens } from "@lumen/core";
import { type Db, eq, schema } from "@lumen/db";
import type { ModelMessage, UserContent } from "ai";
import type { Logger } from "pino";
import { z } from "zod";
import type { AiService } from "../ai/ai-service.ts";
import type { ModelUsage } from "../ai/model-client.ts";
import { readCreditBalance } from "../billing/credit-store.ts";
import { spendCredits } from "../commands/spend-credits.ts";
import type { Env } from "../env.ts";
import { VITE_BUILD } from "../machines/local-driver.ts";
import type { MachineRow, MachineService } from "../machines/machine-service.ts";
import {
  type AgentMachine,
  builderSystemPrompt,
  builderTools,
  checkReport,
} from "./agent-tools.ts";
import { applyChanges, type BuildRow, buildFilesOf, type TurnRow, turnsOf } from "./build-store.ts";
import { Workspace } from "./workspace.ts";

export const TYPECHECK = ["node", "node_modules/typescript/bin/tsc", "--noEmit", "-p", "."];
/** Past this many tokens of history, older turns are condensed (enableCondensedContext). */
export const CONTEXT_TOKENS = 6_000;
const CHECK_TIMEOUT_MS = 180_000;

export interface TurnFlags {
  partialEdits: boolean;
  condensedContext: boolean;
  agent2: boolean;
}

export interface RunTurnOptions {
  db: Db;
  env: Env;
  logger: Logger;
  ai: AiService;
  machines: MachineService;
  build: BuildRow;
  turn: TurnRow;
  machine: MachineRow | null;
  model: string;
  flags: TurnFlags;
  image: { mediaType: string; bytes: Uint8Array } | null;
  clock: () => Date;
}

interface Tally {
  steps: number;
  inputTokens: number;
  outputTokens: number;
}

function add(tally: Tally, usage: ModelUsage | null, steps: number) {
  tally.steps += steps;
  tally.inputTokens += usage?.inputTokens ?? 0;
  tally.outputTokens += usage?.outputTokens ?? 0;
}

/** The conversation so far for the model: the summary, then the turns it does not cover. */
export function historyMessages(build: BuildRow, turns: TurnRow[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  if (build.summary) {
    messages.push({ role: "user", content: `Earlier in this build (a summary): ${build.summary}` });
    messages.push({ role: "assistant", content: "Understood." });
  }
  for (const turn of turns) {
    if (turn.state === "running" || (build.summaryThrough ?? 0) >= turn.number) continue;
    messages.push({ role: "user", content: turn.prompt });
    const note = turn.state === "undone" ? " (The learner undid this turn's changes.)" : "";
    messages.push({ role: "assistant", content: `${turn.reply || "Done."}${note}` });
  }
  return messages;
}

async function condense(options: RunTurnOptions, turns: TurnRow[]): Promise<void> {
  const { build, db } = options;
  const older = turns.filter((t) => t.state !== "running" && t.number < options.turn.number);
  const history = historyMessages(build, older);
  const size = history.reduce((sum, m) => sum + estimateTokens(JSON.stringify(m.content)), 0);
  if (size <= CONTEXT_TOKENS || older.length <= 2) return;
  const through = older.at(-3)?.number ?? 0;
  const text = historyMessages(
    build,
    older.filter((t) => t.number <= through),
  )
    .map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : ""}`)
    .join("\n");
  const { object } = await options.ai.model.generateStructured({
    schema: z.object({ summary: z.string().max(4_000) }),
    name: "conversation_summary",
    system:
      "Summarise this conversation between a learner and an app-building agent in at most eight sentences: what the app is, what was asked and what was done. The files are not needed: the agent sees them as they are now.",
    prompt: text,
    model: options.model,
  });
  build.summary = object.summary;
  build.summaryThrough = through;
  await db
    .update(schema.builds)
    .set({ summary: object.summary, summaryThrough: through })
    .where(eq(schema.builds.id, build.id));
}

function userMessage(
  prompt: string,
  files: string[],
  image: RunTurnOptions["image"],
): ModelMessage {
  const text = `${prompt}\n\n(The app's files now: ${files.join(", ")}.)`;
  if (!image) return { role: "user", content: text };
  const content: UserContent = [
    { type: "text", text },
    { type: "image", image: image.bytes, mediaType: image.mediaType },
  ];
  return { role: "user", content };
}

/** Asks the model with tools until it stops calling them or the budget is spent. */
async function act(
  options: RunTurnOptions,
  messages: ModelMessage[],
  tools: ReturnType<typeof builderTools>,
  budget: number,
  tally: Tally,
): Promise<string> {
  const stream = options.ai.model.streamReply({
    model: options.model,
    system: builderSystemPrompt({
      productName: options.env.PRODUCT_NAME,
      partialEdits: options.flags.partialEdits,
    }),
    messages,
    tools,
    maxSteps: Math.max(1, budget),
  });
  let text = "";
  for await (const part of stream.fullStream) {
    if (part.type === "text-delta") text += part.text;
    if (part.type === "error") throw part.error;
  }
  const [usage, steps] = await Promise.all([stream.totalUsage, stream.steps]);
  add(
    tally,
    { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
    steps.length,
  );
  messages.push(...(await stream.response).messages);
  return text.trim();
}

function machineFor(options: RunTurnOptions, workspace: Workspace): AgentMachine | null {
  const row = options.machine;
  if (!row) return null;
  let synced = new Map<string, string>();
  const sync = async () => {
    const files = workspace.snapshot();
    const writes = files
      .filter((f) => synced.get(f.path) !== f.content)
      .map((f) => ({ path: f.path, content: f.content as string | null }));
    const present = new Set(files.map((f) => f.path));
    const deletes = [...synced.keys()]
      .filter((p) => !present.has(p))
      .map((p) => ({ path: p, content: null }));
    if (writes.length + deletes.length > 0) {
      await (await options.machines.driver()).writeFiles(row.id, [...writes, ...deletes]);
    }
    synced = new Map(files.map((f) => [f.path, f.content]));
  };
  return {
    async check(kind) {
      await sync();
      const driver = await options.machines.driver();
      return driver.exec(row.id, kind === "typecheck" ? TYPECHECK : VITE_BUILD, {
        timeoutMs: CHECK_TIMEOUT_MS,
      });
    },
    async logTail(lines) {
      const driver = await options.machines.driver();
      const all = await driver.logs(row.id, { limit: 100_000 });
      return all
        .slice(-lines)
        .map((l) => `${l.stream === "stderr" ? "! " : ""}${l.text}`)
        .join("\n");
    },
  };
}

/** GET / on the app: does it answer with a page? */
async function appAnswers(machines: MachineService, id: string): Promise<boolean> {
  const driver = await machines.driver();
  const address = await driver.address(id);
  if (!address) return false;
  return new Promise((resolve) => {
    const req = request(
      address.kind === "socket"
        ? { socketPath: address.path, path: "/", headers: { host: "app.localhost" } }
        : `${address.url}/`,
      (res) => {
        res.resume();
        resolve((res.statusCode ?? 500) < 500);
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.once("error", () => resolve(false));
    req.end();
  });
}

export async function runTurn(options: RunTurnOptions): Promise<void> {
  const { db, turn, build } = options;
  const tally: Tally = { steps: 0, inputTokens: 0, outputTokens: 0 };
  const files = await buildFilesOf(db, build.id);
  const workspace = new Workspace(files);
  const machine = machineFor(options, workspace);
  const tools = builderTools(workspace, machine, { partialEdits: options.flags.partialEdits });
  let reply = "";
  let plan: string[] | null = null;
  let buildOk: boolean | null = null;
  let appOk: boolean | null = null;
  let error: string | null = null;
  try {
    const turns = await turnsOf(db, build.id);
    if (options.flags.condensedContext) await condense(options, turns);
    const messages = [
      ...historyMessages(
        build,
        turns.filter((t) => t.number < turn.number),
      ),
      userMessage(turn.prompt, workspace.list(), options.image),
    ];
    let budget = BUILDER_LIMITS.turnSteps;
    if (options.flags.agent2) {
      const planned = await options.ai.model.generateStructured({
        schema: z.object({ steps: z.array(z.string().min(1).max(300)).min(1).max(6) }),
        name: "build_plan",
        system: `${builderSystemPrompt({ productName: options.env.PRODUCT_NAME, partialEdits: options.flags.partialEdits })}\nFirst, plan: list the steps (one to six) you will take to do what the learner asks, each one sentence.`,
        prompt: `${turn.prompt}\n\nThe app's files: ${workspace.list().join(", ")}`,
        model: options.model,
      });
      plan = planned.object.steps;
      add(tally, planned.usage, 1);
      budget -= 1;
      await db.update(schema.buildTurns).set({ plan }).where(eq(schema.buildTurns.id, turn.id));
      const perStep = Math.max(2, Math.floor(budget / plan.length));
      for (const [index, step] of plan.entries()) {
        if (tally.steps >= BUILDER_LIMITS.turnSteps) break;
        messages.push({
          role: "user",
          content: `Step ${index + 1} of ${plan.length}: ${step}\nDo this step now with your tools.`,
        });
        reply = await act(
          options,
          messages,
          tools,
          Math.min(perStep, BUILDER_LIMITS.turnSteps - tally.steps),
          tally,
        );
      }
    } else {
      reply = await act(options, messages, tools, budget, tally);
    }
    // The agent checks its own work: the type check and the build must pass; it fixes what broke.
    if (machine) {
      for (let round = 0; ; round++) {
        const typecheck = await machine.check("typecheck");
        const built = typecheck.exitCode === 0 ? await machine.check("build") : typecheck;
        buildOk = typecheck.exitCode === 0 && built.exitCode === 0;
        const budgetLeft = BUILDER_LIMITS.turnSteps - tally.steps;
        if (buildOk || round >= BUILDER_LIMITS.fixRounds || budgetLeft <= 0) break;
        const report = checkReport(typecheck.exitCode === 0 ? "build" : "typecheck", built);
        messages.push({
          role: "user",
          content: `Your changes do not pass yet. Fix these errors, then answer again in two or three sentences.\n${report}`,
        });
        reply = (await act(options, messages, tools, budgetLeft, tally)) || reply;
      }
    }
  } catch (caught) {
    error =
      caught instanceof Error && caught.message
        ? `The agent stopped: ${caught.message.slice(0, 300)}`
        : "The agent stopped.";
    options.logger.warn({ err: caught, turn: turn.id }, "builder turn failed");
  }

  const changes = workspace.changes();
  const at = options.clock();
  let revision = build.revision;
  if (changes.length > 0) revision = await applyChanges(db, build.id, changes, at);
  // The app sees the stored files; a changed server means a restart, the page reloads itself.
  if (options.machine) {
    try {
      const driver = await options.machines.driver();
      const current = await buildFilesOf(db, build.id);
      const present = new Set(current.map((f) => f.path));
      await driver.writeFiles(options.machine.id, [
        ...current.map((f) => ({ path: f.path, content: f.content as string | null })),
        ...files.filter((f) => !present.has(f.path)).map((f) => ({ path: f.path, content: null })),
      ]);
      await db
        .update(schema.machines)
        .set({ revision })
        .where(eq(schema.machines.id, options.machine.id));
      if (changes.some((c) => c.path.startsWith("server/") || c.path === "package.json")) {
        await driver.restart(options.machine.id);
      } else {
        await options.machines.ensureRunning(db, options.machine);
      }
      const status = await driver.waitFor(options.machine.id, ["running", "failed"], 90_000);
      appOk =
        status?.state === "running"
          ? await appAnswers(options.machines, options.machine.id)
          : false;
    } catch (caught) {
      options.logger.warn(
        { err: caught, turn: turn.id },
        "builder turn: machine did not take the files",
      );
      appOk = false;
    }
  }

  const tokens = tally.inputTokens + tally.outputTokens;
  let credits = 0;
  if (tally.steps > 0) {
    credits = builderCreditsFor(tokens);
    try {
      await spendCredits({
        db,
        userId: build.userId,
        amount: credits,
        reason: "AI app builder turn",
        idempotencyKey: `build-turn:${turn.id}`,
        now: at,
        env: options.env,
      });
    } catch {
      // The balance covered the turn's minimum when it began; what is left of it is taken.
      const balance = await readCreditBalance(db, build.userId);
      credits = Math.min(credits, balance);
      if (credits > 0) {
        await spendCredits({
          db,
          userId: build.userId,
          amount: credits,
          reason: "AI app builder turn",
          idempotencyKey: `build-turn:${turn.id}:rest`,
          now: at,
          env: options.env,
        }).catch(() => {});
      }
    }
  }
  await db
    .update(schema.buildTurns)
    .set({
      state: error ? "failed" : "done",
      reply: reply.slice(0, 8_000),
      error,
      plan,
      edits: workspace.edits,
      changes,
      steps: tally.steps,
      inputTokens: tally.inputTokens,
      outputTokens: tally.outputTokens,
      credits,
      buildOk,
      appOk,
      finishedAt: at,
    })
    .where(eq(schema.buildTurns.id, turn.id));
}
