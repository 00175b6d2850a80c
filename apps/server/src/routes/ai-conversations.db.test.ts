/**
 * A learner's conversations with {product} AI (issue 16): the assistant chat with its tools
 * (progress, catalog, a next lesson with its link), history kept per learner and theirs alone
 * (another learner gets 404 for everything), ratings tied to the lesson and rung and shown to
 * course engineers, and the conversations in the data export and gone with the account.
 */
import type { AiConversationAnswer, AiRatingsAdminAnswer } from "@lumen/contracts";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantRole } from "../commands/grant-role.ts";
import { ASSISTANT_SAFE_REPLY } from "../commands/send-assistant-message.ts";
import {
  aiApp,
  lessonIds,
  parseStream,
  SUM_LESSON,
  SUM_SOLUTION,
  shownText,
} from "../testing/ai-fixtures.ts";
import { testClient } from "../testing/api-client.ts";
import { type ScriptedModel, startScriptedModel } from "../testing/fake-llm.ts";

let database: Database;
let model: ScriptedModel;
let app: ReturnType<typeof aiApp>;
const client = testClient(() => app);

beforeAll(async () => {
  [database, model] = await Promise.all([createTestDatabase(), startScriptedModel()]);
  app = aiApp(database, model.url);
});
afterAll(async () => {
  await app.dispose();
  await Promise.all([database.close(), model.stop()]);
});
beforeEach(() => model.reset());

async function tutorReply(token: string) {
  const chunks = parseStream(
    (
      await client.post("/v1/ai/tutor/messages", {
        token,
        body: { ...lessonIds(SUM_LESSON.id), message: "Where do I start?" },
      })
    ).text,
  );
  const start = chunks[0];
  const finish = chunks.at(-1);
  if (start?.type !== "start" || finish?.type !== "finish") throw new Error("no reply");
  return { conversationId: start.conversationId, messageId: finish.messageId };
}

describe("the assistant chat", () => {
  it("reads the learner's progress with a tool and suggests the next lesson with its link", async () => {
    await model.script([
      {
        name: "next",
        match: { contains: "what should i learn next" },
        toolCalls: [
          { name: "my_progress", arguments: {} },
          { name: "suggest_next_lesson", arguments: {} },
          { name: "find_lessons", arguments: { query: "function COUNTS" } },
        ],
        afterTools: "You have not started yet: begin with **Add up the prices**.",
      },
    ]);
    const { token } = await client.signUp();
    const chunks = parseStream(
      (
        await client.post("/v1/ai/chat/messages", {
          token,
          body: { message: "What should I learn next?" },
        })
      ).text,
    );
    expect(chunks.find((c) => c.type === "suggestion")).toEqual({
      type: "suggestion",
      suggestion: {
        trackId: 9,
        lessonId: SUM_LESSON.id,
        title: "Add up the prices",
        trackTitle: "Python for AI tests",
        href: "/web/track/9/tutorial/901/chapter/90101/learn?lesson=0",
      },
    });
    expect(shownText(chunks)).toBe("You have not started yet: begin with **Add up the prices**.");
    const [first, second] = await model.requests();
    expect(first?.body.tools?.map((t) => t.function?.name).sort()).toEqual([
      "find_lessons",
      "my_progress",
      "suggest_next_lesson",
    ]);
    // The tools' results went back to the model: the learner's figures, from the database.
    const toolResults = (second?.body.messages ?? []).filter((m) => m.role === "tool");
    expect(JSON.stringify(toolResults)).toContain('\\"lessons\\":0');
    // The catalog search found the lesson by its title.
    expect(JSON.stringify(toolResults)).toContain('\\"title\\":\\"Which function counts?\\"');
    const start = chunks[0];
    if (start?.type !== "start") throw new Error("no start");
    const read = await client.get(`/v1/ai/conversations/${start.conversationId}`, { token });
    const conversation = read.body as unknown as AiConversationAnswer;
    expect(conversation.conversation.kind).toBe("assistant");
    expect(conversation.messages.map((m) => [m.role, m.suggestions.length])).toEqual([
      ["user", 0],
      ["assistant", 1],
    ]);
  });

  it("replaces a reply that gives any lesson's answer away, as the tutor does", async () => {
    await model.script([
      {
        name: "leaks",
        match: { contains: "solve the prices lesson" },
        text: `Sure:\n\n\`\`\`python\n${SUM_SOLUTION}\`\`\`\n`,
      },
    ]);
    const { token } = await client.signUp();
    const chunks = parseStream(
      (
        await client.post("/v1/ai/chat/messages", {
          token,
          body: { message: "Solve the prices lesson" },
        })
      ).text,
    );
    expect(chunks.at(-1)).toMatchObject({ type: "finish", status: "replaced" });
    expect(shownText(chunks)).toBe(ASSISTANT_SAFE_REPLY);
    expect(chunks.some((c) => c.type === "text" && c.delta.includes("total +="))).toBe(false);
  });

  it("keeps the conversation: the next message goes to the model with the history", async () => {
    const { token } = await client.signUp();
    const first = parseStream(
      (await client.post("/v1/ai/chat/messages", { token, body: { message: "What is a list?" } }))
        .text,
    );
    const start = first[0];
    if (start?.type !== "start") throw new Error("no start");
    await client.post("/v1/ai/chat/messages", {
      token,
      body: { message: "And a tuple?", conversationId: start.conversationId },
    });
    const messages = (await model.requests())[1]?.body.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    const list = await client.get("/v1/ai/conversations?kind=assistant", { token });
    expect((list.body.conversations as unknown[]).length).toBe(1);
  });
});

describe("a learner's conversations are theirs alone", () => {
  it("answers 404 to another learner for reading, continuing, rating and deleting", async () => {
    const owner = await client.signUp();
    const other = await client.signUp();
    const { conversationId, messageId } = await tutorReply(owner.token);
    const token = other.token;
    expect((await client.get(`/v1/ai/conversations/${conversationId}`, { token })).status).toBe(
      404,
    );
    const continued = await client.post("/v1/ai/tutor/messages", {
      token,
      body: { ...lessonIds(SUM_LESSON.id), message: "Hi", conversationId },
    });
    expect(continued.status).toBe(404);
    const rated = await client.post(`/v1/ai/messages/${messageId}/rating`, {
      token,
      body: { rating: "down" },
    });
    expect(rated.status).toBe(404);
    const deleted = await client.call("DELETE", `/v1/ai/conversations/${conversationId}`, {
      token,
    });
    expect(deleted.status).toBe(404);
    expect((await client.get("/v1/ai/conversations", { token })).body).toEqual({
      conversations: [],
    });
    // Still the owner's, untouched.
    const mine = await client.get(`/v1/ai/conversations/${conversationId}`, { token: owner.token });
    expect((mine.body as unknown as AiConversationAnswer).messages).toHaveLength(2);
    expect((await client.get("/v1/ai/conversations/not-a-uuid", { token })).status).toBe(404);
  });
});

describe("ratings", () => {
  it("stores a rating with the lesson and rung, and shows it to course engineers only", async () => {
    const learner = await client.signUp();
    const { conversationId, messageId } = await tutorReply(learner.token);
    const rated = await client.post(`/v1/ai/messages/${messageId}/rating`, {
      token: learner.token,
      body: { rating: "down", reason: "  It did not help.  " },
    });
    expect(rated.body).toEqual({ messageId, rating: "down", reason: "It did not help." });
    const [row] = await database.db
      .select()
      .from(schema.aiRatings)
      .where(eq(schema.aiRatings.messageId, messageId));
    expect(row).toMatchObject({ lessonId: SUM_LESSON.id, hintLevel: 1, rating: "down" });
    const read = await client.get(`/v1/ai/conversations/${conversationId}`, {
      token: learner.token,
    });
    expect((read.body as unknown as AiConversationAnswer).messages[1]?.rating).toBe("down");
    // The learner's own question cannot be rated.
    const question = await client.post(`/v1/ai/messages/${messageId - 1}/rating`, {
      token: learner.token,
      body: { rating: "up" },
    });
    expect(question.status).toBe(404);

    expect((await client.get("/v1/ai/ratings", { token: learner.token })).status).toBe(403);
    const engineer = await client.signUp();
    await grantRole({ db: database.db, email: engineer.email, role: "course_engineer" });
    const staff = (await client.signIn(engineer.email)).token;
    const answer = (await client.get(`/v1/ai/ratings?lessonId=${SUM_LESSON.id}`, { token: staff }))
      .body as unknown as AiRatingsAdminAnswer;
    expect(answer.lessons).toEqual([
      {
        lessonId: SUM_LESSON.id,
        lessonTitle: "Add up the prices",
        trackId: 9,
        up: 0,
        down: 1,
        byHintLevel: [{ hintLevel: 1, up: 0, down: 1 }],
      },
    ]);
    expect(answer.ratings[0]).toMatchObject({
      messageId,
      rating: "down",
      reason: "It did not help.",
      hintLevel: 1,
      reply: "This is the scripted model's default reply.",
    });
  });
});

describe("the account", () => {
  it("exports the conversations, and deleting the account removes them", async () => {
    const learner = await client.signUp();
    const { messageId } = await tutorReply(learner.token);
    await client.post(`/v1/ai/messages/${messageId}/rating`, {
      token: learner.token,
      body: { rating: "up" },
    });
    const exported = await client.get("/v1/me/export", { token: learner.token });
    const data = exported.body as {
      aiConversations: Array<{
        kind: string;
        messages: Array<{ role: string; rating: string | null }>;
      }>;
    };
    expect(data.aiConversations).toHaveLength(1);
    expect(data.aiConversations[0]?.kind).toBe("tutor");
    expect(data.aiConversations[0]?.messages.map((m) => [m.role, m.rating])).toEqual([
      ["user", null],
      ["assistant", "up"],
    ]);
    const deleted = await client.call("DELETE", "/v1/me", {
      token: learner.token,
      body: { confirmEmail: learner.email, password: learner.password },
    });
    expect(deleted.status).toBe(204);
    for (const table of [schema.aiConversations, schema.aiMessages, schema.aiRatings]) {
      const rows = await database.db.select().from(table).where(eq(table.userId, learner.userId));
      expect(rows).toEqual([]);
    }
  });
});
