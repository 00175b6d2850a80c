import { describe, expect, it } from "vitest";
import {
  applyChunk,
  EMPTY_CHAT,
  endReply,
  fromStored,
  withQuestion,
  withRating,
} from "./chat-state.ts";

const asked = withQuestion(EMPTY_CHAT, "Why does line 3 fail?");
const reply = (state: typeof asked) => state.messages.at(-1);

describe("chat state", () => {
  it("adds the question and a streaming reply", () => {
    expect(asked.messages.map((m) => [m.role, m.content, m.state])).toEqual([
      ["user", "Why does line 3 fail?", "complete"],
      ["assistant", "", "streaming"],
    ]);
  });

  it("streams text, then replace discards it and later text is ignored", () => {
    let state = applyChunk(asked, {
      type: "start",
      conversationId: "c",
      userMessageId: 1,
      hintLevel: 2,
    });
    state = applyChunk(state, { type: "text", delta: "def f(): " });
    state = applyChunk(state, { type: "text", delta: "return 42" });
    expect(reply(state)?.content).toBe("def f(): return 42");
    state = applyChunk(state, { type: "replace", text: "Look at line 3 again." });
    state = applyChunk(state, { type: "text", delta: "leak" });
    expect(reply(state)?.content).toBe("Look at line 3 again.");
    state = applyChunk(state, {
      type: "finish",
      messageId: 9,
      status: "replaced",
      creditsSpent: 1,
      balance: 4,
      freeMessagesLeft: 0,
      usage: null,
    });
    expect(state.conversationId).toBe("c");
    expect(reply(state)).toMatchObject({ messageId: 9, hintLevel: 2, state: "replaced" });
    expect(withRating(state, 9, "up").messages.at(-1)?.rating).toBe("up");
  });

  it("an error chunk shows its message and cannot be rated", () => {
    const state = applyChunk(asked, {
      type: "error",
      code: "ai_unavailable",
      message: "The model is down",
      messageId: 3,
    });
    expect(reply(state)).toMatchObject({
      content: "The model is down",
      messageId: null,
      state: "error",
    });
  });

  it("stopping keeps what was shown", () => {
    const state = endReply(applyChunk(asked, { type: "text", delta: "Half" }), "stopped");
    expect(reply(state)).toMatchObject({ content: "Half", state: "stopped" });
  });

  it("reads a stored conversation", () => {
    const state = fromStored("c", [
      {
        id: 1,
        role: "user",
        content: "hi",
        status: "complete",
        hintLevel: null,
        rating: null,
        suggestions: [],
        createdAt: "",
      },
      {
        id: 2,
        role: "assistant",
        content: "hello",
        status: "complete",
        hintLevel: 1,
        rating: "down",
        suggestions: [],
        createdAt: "",
      },
    ]);
    expect(state.messages.map((m) => m.messageId)).toEqual([null, 2]);
  });
});
