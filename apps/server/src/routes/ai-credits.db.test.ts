/**
 * What {product} AI costs (issue 16): the free replies a day of a learner whose plan has no AI,
 * then AI_CREDITS_PER_MESSAGE credits a reply from the ledger; the status says so before the
 * learner sends, and a message they cannot pay for is refused before the model is asked. Also the
 * per-learner rate limit, and a server with no model set up.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiApp, giveCredits, lessonIds, parseStream, SUM_LESSON } from "../testing/ai-fixtures.ts";
import { testClient } from "../testing/api-client.ts";
import { type ScriptedModel, startScriptedModel } from "../testing/fake-llm.ts";

let database: Database;
let model: ScriptedModel;
let app: ReturnType<typeof aiApp>;
let limited: ReturnType<typeof aiApp>;
let unconfigured: ReturnType<typeof aiApp>;
const client = testClient(() => app);

beforeAll(async () => {
  [database, model] = await Promise.all([createTestDatabase(), startScriptedModel()]);
  app = aiApp(database, model.url, { AI_FREE_DAILY_MESSAGES: "2", AI_CREDITS_PER_MESSAGE: "3" });
  limited = aiApp(database, model.url, { AI_RATE_LIMIT_PER_MINUTE: "2" });
  unconfigured = aiApp(database, undefined);
});
afterAll(async () => {
  await Promise.all([app.dispose(), limited.dispose(), unconfigured.dispose()]);
  await Promise.all([database.close(), model.stop()]);
});
beforeEach(() => model.reset());

const tutor = (token: string, on = app) =>
  testClient(on).post("/v1/ai/tutor/messages", {
    token,
    body: { ...lessonIds(SUM_LESSON.id), message: "What next?" },
  });
const chat = (token: string, on = app) =>
  testClient(on).post("/v1/ai/chat/messages", { token, body: { message: "Hello" } });
const status = async (token: string, on = app) =>
  (await testClient(on).get("/v1/ai/status", { token })).body;

describe("credits", () => {
  it("gives a free learner their free replies a day, then charges the documented rate", async () => {
    const { token, userId } = await client.signUp();
    expect(await status(token)).toMatchObject({
      configured: true,
      assistantName: "Lumen AI",
      creditsPerMessage: 3,
      freeMessagesPerDay: 2,
      freeMessagesLeft: 2,
      balance: 0,
      nextMessageCost: 0,
      canSend: true,
      blockedReason: null,
      unlockedBy: "tier-1",
    });
    expect(parseStream((await tutor(token)).text).at(-1)).toMatchObject({
      creditsSpent: 0,
      freeMessagesLeft: 1,
    });
    expect(parseStream((await chat(token)).text).at(-1)).toMatchObject({ freeMessagesLeft: 0 });
    // Out of free replies, with no credits: told before sending, and refused before the model.
    expect(await status(token)).toMatchObject({
      freeMessagesLeft: 0,
      nextMessageCost: 3,
      canSend: false,
      blockedReason: "insufficient_credits",
    });
    const requests = (await model.requests()).length;
    const refused = await tutor(token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "insufficient_credits",
      message: "This needs 3 credits, and your balance is too low.",
    });
    expect(await model.requests()).toHaveLength(requests);
    // With credits, each reply costs 3.
    await giveCredits(database, userId, 7);
    expect(parseStream((await tutor(token)).text).at(-1)).toMatchObject({
      status: "complete",
      creditsSpent: 3,
      balance: 4,
    });
    const ledger = await database.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, userId));
    expect(ledger.filter((e) => e.kind === "debit").map((e) => [e.amount, e.reason])).toEqual([
      [-3, "Lumen AI tutor message"],
    ]);
    expect(await status(token)).toMatchObject({ balance: 4, canSend: true, nextMessageCost: 3 });
  });

  it("does not count a failed reply against the free ones", async () => {
    await model.script([
      { name: "down", match: { contains: "what next" }, failures: [{ status: 400 }] },
    ]);
    const { token } = await client.signUp();
    const chunks = parseStream((await tutor(token)).text);
    expect(chunks.at(-1)).toMatchObject({ type: "error" });
    expect(await status(token)).toMatchObject({ freeMessagesLeft: 2 });
  });
});

describe("the rate limit", () => {
  it("refuses a learner's messages past AI_RATE_LIMIT_PER_MINUTE with 429 and Retry-After", async () => {
    const { token } = await testClient(limited).signUp();
    expect((await tutor(token, limited)).status).toBe(200);
    expect((await chat(token, limited)).status).toBe(200);
    const third = await tutor(token, limited);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe("rate_limited");
    expect(Number(third.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another learner is not held back.
    const other = await testClient(limited).signUp();
    expect((await tutor(other.token, limited)).status).toBe(200);
  });
});

describe("a server with no model set up", () => {
  it("says so in the status and refuses messages with ai_not_configured, nothing else breaks", async () => {
    const { token } = await testClient(unconfigured).signUp();
    expect(await status(token, unconfigured)).toMatchObject({
      configured: false,
      canSend: false,
      blockedReason: "not_configured",
    });
    for (const answer of [await tutor(token, unconfigured), await chat(token, unconfigured)]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        code: "ai_not_configured",
        message:
          "The AI assistant is not set up on this server. An administrator can set AI_BASE_URL and AI_MODEL to turn it on.",
      });
    }
    const list = await testClient(unconfigured).get("/v1/ai/conversations", { token });
    expect(list).toMatchObject({ status: 200, body: { conversations: [] } });
  });
});
