/**
 * When the model misbehaves (issue 16), against the scripted model: a 429 is retried and the reply
 * arrives; a model that keeps failing, a dropped connection and a model too slow each end the
 * reply with a plain sentence, stored as an error, and spend no credits; a learner who stops a
 * reply keeps what was shown.
 */
import type { AiStreamChunk } from "@lumen/contracts";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  aiApp,
  giveCredits,
  lessonIds,
  parseStream,
  readUntil,
  SUM_LESSON,
  shownText,
} from "../testing/ai-fixtures.ts";
import { testClient } from "../testing/api-client.ts";
import { type ScriptedModel, startScriptedModel } from "../testing/fake-llm.ts";

let database: Database;
let model: ScriptedModel;
let app: ReturnType<typeof aiApp>;
let slowApp: ReturnType<typeof aiApp>;
const client = testClient(() => app);

// Every reply costs 2 credits (no free ones), so that "nothing was charged" is visible.
const PAID = { AI_FREE_DAILY_MESSAGES: "0", AI_CREDITS_PER_MESSAGE: "2" };

beforeAll(async () => {
  [database, model] = await Promise.all([createTestDatabase(), startScriptedModel()]);
  app = aiApp(database, model.url, PAID);
  // The shortest time limit the settings allow, and no retries, for the slow model.
  slowApp = aiApp(database, model.url, { ...PAID, AI_TIMEOUT_MS: "1000", AI_MAX_RETRIES: "0" });
});
afterAll(async () => {
  await Promise.all([app.dispose(), slowApp.dispose()]);
  await Promise.all([database.close(), model.stop()]);
});
beforeEach(() => model.reset());

async function learnerWithCredits(amount = 10) {
  const account = await client.signUp();
  await giveCredits(database, account.userId, amount);
  return account;
}

const body = (message: string) => ({ ...lessonIds(SUM_LESSON.id), message });

async function balanceOf(token: string, on = app) {
  const status = await testClient(on).get("/v1/ai/status", { token });
  return status.body.balance;
}

async function storedReplies(userId: string) {
  return database.db
    .select()
    .from(schema.aiMessages)
    .where(eq(schema.aiMessages.userId, userId))
    .then((rows) => rows.filter((r) => r.role === "assistant"));
}

const errorOf = (chunks: AiStreamChunk[]) => chunks.find((c) => c.type === "error");

describe("a model that fails", () => {
  it("is asked again after a 429, and the reply arrives and is charged", async () => {
    await model.script([
      {
        name: "busy",
        match: { contains: "busy" },
        failures: [{ status: 429, retryAfterMs: 5 }],
        text: "Which line adds to the total?",
      },
    ]);
    const { token } = await learnerWithCredits();
    const chunks = parseStream(
      (await client.post("/v1/ai/tutor/messages", { token, body: body("busy") })).text,
    );
    expect(shownText(chunks)).toBe("Which line adds to the total?");
    expect(chunks.at(-1)).toMatchObject({
      type: "finish",
      status: "complete",
      creditsSpent: 2,
      balance: 8,
    });
    expect((await model.requests()).map((r) => r.fixture)).toEqual(["busy", "busy"]);
  });

  it("that keeps answering 500 ends with a plain sentence, stored as an error, free", async () => {
    const failures = [500, 502, 503].map((status) => ({ status, retryAfterMs: 5 }));
    await model.script([{ name: "down", match: { contains: "down" }, failures }]);
    const { token, userId } = await learnerWithCredits();
    const chunks = parseStream(
      (await client.post("/v1/ai/tutor/messages", { token, body: body("down") })).text,
    );
    expect(errorOf(chunks)).toMatchObject({
      code: "ai_unavailable",
      message:
        "Lumen AI can't be reached right now. Please try again in a few minutes. Nothing was charged.",
    });
    expect(chunks.some((c) => c.type === "finish")).toBe(false);
    // The settings' two retries: three requests in all.
    expect(await model.requests()).toHaveLength(3);
    expect(await balanceOf(token)).toBe(10);
    const [reply] = await storedReplies(userId);
    expect(reply).toMatchObject({ status: "error", credits: 0 });
  });

  it("whose connection drops mid-reply ends with a plain sentence and charges nothing", async () => {
    await model.script([
      {
        name: "drop",
        match: { contains: "drop" },
        text: "First paragraph.\n\nSecond paragraph that never ends",
        dropAfterChunks: 3,
      },
    ]);
    const { token, userId } = await learnerWithCredits();
    const chunks = parseStream(
      (await client.post("/v1/ai/tutor/messages", { token, body: body("drop") })).text,
    );
    expect(errorOf(chunks)?.type === "error" && errorOf(chunks)).toMatchObject({
      message:
        "The connection to Lumen AI broke off before the reply was finished. Please try again. Nothing was charged.",
    });
    expect(await balanceOf(token)).toBe(10);
    expect((await storedReplies(userId))[0]).toMatchObject({ status: "error", credits: 0 });
  });

  it("too slow to answer ends after the time limit with a plain sentence, free", async () => {
    await model.script([
      { name: "slow", match: { contains: "slow" }, text: "Too late.", firstDelayMs: 3000 },
    ]);
    const slow = testClient(slowApp);
    const account = await slow.signUp();
    await giveCredits(database, account.userId, 10);
    const chunks = parseStream(
      (await slow.post("/v1/ai/tutor/messages", { token: account.token, body: body("slow") })).text,
    );
    expect(errorOf(chunks)).toMatchObject({
      message: "Lumen AI took too long to answer. Please try again. Nothing was charged.",
    });
    expect(await balanceOf(account.token, slowApp)).toBe(10);
  });
});

describe("a learner who stops a reply", () => {
  it("keeps what was shown, stored as stopped, and it counts as a reply", async () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}.\n\n`);
    await model.script([
      { name: "long", match: { contains: "long" }, chunks: paragraphs, delayMs: 100 },
    ]);
    const { token, userId } = await learnerWithCredits();
    const res = await app.request("/v1/ai/tutor/messages", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body("long")),
    });
    const read = await readUntil(res, (chunks) => shownText(chunks).includes("Paragraph 1."));
    // The reply goes on after the stream is cancelled, until it is stored.
    await app.ai.idle();
    const [reply] = await storedReplies(userId);
    expect(reply?.status).toBe("stopped");
    expect(reply?.content).toBe(shownText(read));
    expect(reply?.content).not.toContain("Paragraph 29.");
    expect(reply?.credits).toBe(2);
    expect(await balanceOf(token)).toBe(8);
  });
});
