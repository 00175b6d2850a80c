/**
 * The tutor's reply stream through the real HTTP server (issue 16), as the browser meets it: the
 * events arrive as the model writes (not buffered, not compressed), and a learner who stops the
 * reply by aborting the fetch ends it on the server, which stores what was shown as "stopped".
 * On the published curriculum: Python's "Work out a total".
 */
import type { AiConversationAnswer } from "@lumen/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { type RunningServer, startServer } from "../server.ts";
import { readUntil, shownText } from "../testing/ai-fixtures.ts";
import { testClient } from "../testing/api-client.ts";
import { type ScriptedModel, startScriptedModel } from "../testing/fake-llm.ts";

let model: ScriptedModel;
let running: RunningServer;

beforeAll(async () => {
  model = await startScriptedModel();
  running = await startServer(
    parseEnv({
      PORT: "0",
      LOG_LEVEL: "silent",
      DATA_DIR: "memory://",
      DATABASE_URL: process.env.DATABASE_URL,
      SEED_DEMO: "false",
      AI_BASE_URL: model.url,
      AI_MODEL: "scripted",
    }),
  );
});
afterAll(async () => {
  await running?.stop();
  await model?.stop();
});

it("streams the reply as it is written, and stops it on the server when the learner aborts", async () => {
  const paragraphs = [
    "Look at line 4: `total = price + quantity` adds the two numbers.\n\n",
    ...Array.from(
      { length: 20 },
      (_, i) => `What does the task ask you to do with them? (${i})\n\n`,
    ),
  ];
  await model.script([
    { name: "slow", match: { contains: "total" }, chunks: paragraphs, delayMs: 150 },
  ]);
  const client = testClient(running.url);
  const { token } = await client.signUp();
  const stop = new AbortController();
  const res = await fetch(`${running.url}/v1/ai/tutor/messages`, {
    method: "POST",
    signal: stop.signal,
    headers: {
      "content-type": "application/json",
      "accept-encoding": "gzip, br",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      trackId: 1,
      tutorialId: 101,
      chapterId: 10102,
      lessonId: 1010204,
      files: [
        {
          name: "main.py",
          content: "price = 4\nquantity = 3\ntotal = price + quantity\nprint(total)\n",
        },
      ],
      lastRun: { passed: false, output: "7", failingChecks: ["The total should be 12."] },
      message: "Why is my total wrong?",
    }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(res.headers.get("content-encoding")).toBeNull();
  // The first paragraph arrives while the model is still writing the rest.
  const read = await readUntil(res, (chunks) => shownText(chunks).includes("Look at line 4"));
  stop.abort();
  const start = read[0];
  if (start?.type !== "start") throw new Error("no start");
  const reply = async () => {
    const answer = await client.get(`/v1/ai/conversations/${start.conversationId}`, { token });
    return (answer.body as unknown as AiConversationAnswer).messages[1];
  };
  await expect.poll(reply, { timeout: 30_000 }).toMatchObject({ status: "stopped" });
  const stored = await reply();
  expect(stored?.content).toContain("Look at line 4: `total = price + quantity`");
  expect(stored?.content).not.toContain("(19)");
});
