import { describe, expect, it } from "vitest";
import { parseEvent, readAiStream } from "./read-ai-stream.ts";

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

async function collect(parts: string[]) {
  const chunks = [];
  for await (const chunk of readAiStream(streamOf(parts))) chunks.push(chunk);
  return chunks;
}

const start = { type: "start", conversationId: "c1", userMessageId: 1, hintLevel: 2 };
const finish = {
  type: "finish",
  messageId: 2,
  status: "complete",
  creditsSpent: 0,
  balance: 0,
  freeMessagesLeft: 4,
  usage: null,
};
const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

describe("readAiStream", () => {
  it("yields each chunk in order", async () => {
    const chunks = await collect([
      event(start),
      event({ type: "text", delta: "Look at " }),
      event({ type: "text", delta: "line 3." }),
      event(finish),
    ]);
    expect(chunks.map((c) => c.type)).toEqual(["start", "text", "text", "finish"]);
    expect(chunks[2]).toEqual({ type: "text", delta: "line 3." });
  });

  it("joins events split across network reads", async () => {
    const whole = event(start) + event({ type: "text", delta: "hi" });
    const chunks = await collect([whole.slice(0, 7), whole.slice(7, 40), whole.slice(40)]);
    expect(chunks).toEqual([start, { type: "text", delta: "hi" }]);
  });

  it("reads CRLF line ends and a last event without a blank line", async () => {
    const chunks = await collect([
      `data: ${JSON.stringify(start)}\r\n\r\n`,
      `data: ${JSON.stringify(finish)}`,
    ]);
    expect(chunks.map((c) => c.type)).toEqual(["start", "finish"]);
  });

  it("skips events that are not valid chunks", async () => {
    const chunks = await collect([
      "data: not json\n\n",
      event({ type: "text" }),
      event({ type: "unknown", delta: "x" }),
      ": a comment\n\n",
      event({ type: "replace", text: "Safe text" }),
    ]);
    expect(chunks).toEqual([{ type: "replace", text: "Safe text" }]);
  });
});

describe("parseEvent", () => {
  it("accepts data without the space after the colon", () => {
    expect(parseEvent('data:{"type":"text","delta":"x"}')).toEqual({ type: "text", delta: "x" });
  });
  it("ignores a block with no data line", () => {
    expect(parseEvent("event: ping")).toBeUndefined();
  });
});
