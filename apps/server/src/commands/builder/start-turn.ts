/**
 * Starts an agent turn on a build (issue 18): checks the plan, prompt, image, credits and that no
 * turn is running, then runs the turn in the background (BuilderService.running); the web app reads
 * the build again until its turn is done.
 */
import type { CreateTurnBody } from "@lumen/contracts";
import { BUILDER_LIMITS, builderImageProblem } from "@lumen/core";
import { eq, schema } from "@lumen/db";
import { notConfigured } from "../../ai/model-client.ts";
import type { UserRow } from "../../auth/users.ts";
import { insufficientCredits, readCreditBalance } from "../../billing/credit-store.ts";
import { findOwnBuild, presentTurn, turnsOf } from "../../builder/build-store.ts";
import { assertBuilderPlan, type BuilderDeps } from "../../builder/builder-plan.ts";
import { runTurn } from "../../builder/run-turn.ts";
import { ensureCreditGrants } from "../../commands/ensure-credit-grants.ts";
import { AppError, errors } from "../../errors.ts";
import { ensurePreview } from "./ensure-preview.ts";

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
