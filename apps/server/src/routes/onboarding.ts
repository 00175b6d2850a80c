/**
 * The onboarding chat's API (issue 16, spec sections 2 and 4), all signed in: where the chat
 * stands (GET /v1/me/onboarding), its start, each answer, a free-text answer read by the model,
 * the recommendation, and skipping. Every write answers the same shape as the read.
 */
import {
  onboardingAnswerBodySchema,
  onboardingInterpretBodySchema,
  onboardingStartBodySchema,
} from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { completeOnboarding } from "../commands/complete-onboarding.ts";
import { interpretOnboardingAnswer } from "../commands/interpret-onboarding-answer.ts";
import { readOnboarding } from "../commands/read-onboarding.ts";
import { saveOnboardingAnswer } from "../commands/save-onboarding-answer.ts";
import { skipOnboarding } from "../commands/skip-onboarding.ts";
import { startOnboarding } from "../commands/start-onboarding.ts";
import { readJson } from "../http/validate.ts";
import type { OnboardingRecord, OnboardingRow } from "../onboarding/onboarding-store.ts";
import { presentOnboarding } from "../presenters/onboarding.ts";

type C = Context<AuthEnv>;

const present = (c: C, record: OnboardingRecord) => {
  const { catalog, ai } = c.get("deps");
  return c.json(
    presentOnboarding(record, { tracks: catalog.tracks(), freeText: ai.model.configured }),
  );
};
/** A write's row: the chat has been shown, so there are no "new" or "returning" states to tell. */
const presentRow = (c: C, row: OnboardingRow) => present(c, { row, hasLessons: false });
const who = (c: C) => {
  const { database, clock } = c.get("deps");
  return { db: database.db, userId: currentUser(c).id, now: clock() };
};

export const onboardingRoutes = new Hono<AuthEnv>()
  .get("/me/onboarding", requireUser(), async (c) => present(c, await readOnboarding(who(c))))
  .post("/me/onboarding/start", requireUser(), async (c) => {
    const body = await readJson(c, onboardingStartBodySchema);
    return presentRow(c, await startOnboarding({ ...who(c), restart: body?.restart ?? false }));
  })
  .post("/me/onboarding/answers", requireUser(), async (c) => {
    const answer = await readJson(c, onboardingAnswerBodySchema);
    return presentRow(c, await saveOnboardingAnswer({ ...who(c), answer }));
  })
  .post("/me/onboarding/interpret", requireUser(), async (c) => {
    const { step, text } = await readJson(c, onboardingInterpretBodySchema);
    const { ai, auth } = c.get("deps");
    return c.json(
      await interpretOnboardingAnswer({
        model: ai.model,
        assistantName: ai.assistantName,
        limiter: auth.limiter,
        log: c.get("log"),
        userId: currentUser(c).id,
        step,
        text,
      }),
    );
  })
  .post("/me/onboarding/complete", requireUser(), async (c) =>
    presentRow(c, await completeOnboarding({ ...who(c), catalog: c.get("deps").catalog })),
  )
  .post("/me/onboarding/skip", requireUser(), async (c) =>
    presentRow(c, await skipOnboarding(who(c))),
  );
