/**
 * The messages of one AI conversation as the chat shows them, and how each stream chunk changes
 * them (pure, so the stream's rules are tested without a page): text deltas add to the reply
 * being written, a `replace` throws away what was shown of it, `finish` gives it its stored id.
 */
import type { AiMessageView, AiRatingValue, AiStreamChunk, AiSuggestion } from "@lumen/contracts";

export interface ChatMessage {
  /** A key for React: the stored id once known, else a local one. */
  key: string;
  role: "user" | "assistant";
  content: string;
  /** The stored reply's id (rate it with this); null while it streams or when it failed. */
  messageId: number | null;
  hintLevel: number | null;
  rating: AiRatingValue | null;
  suggestions: AiSuggestion[];
  state: "streaming" | "complete" | "stopped" | "replaced" | "error";
}

export interface ChatState {
  conversationId: string | undefined;
  messages: ChatMessage[];
}

export const EMPTY_CHAT: ChatState = { conversationId: undefined, messages: [] };

let localKeys = 0;
const localKey = () => `local-${++localKeys}`;

/** The learner's message and an empty reply waiting for the stream. */
export function withQuestion(state: ChatState, text: string): ChatState {
  return {
    ...state,
    messages: [
      ...state.messages,
      { ...blank("user"), content: text, state: "complete" },
      { ...blank("assistant"), state: "streaming" },
    ],
  };
}

function blank(role: ChatMessage["role"]): ChatMessage {
  return {
    key: localKey(),
    role,
    content: "",
    messageId: null,
    hintLevel: null,
    rating: null,
    suggestions: [],
    state: "complete",
  };
}

function updateReply(state: ChatState, change: (reply: ChatMessage) => ChatMessage): ChatState {
  const last = state.messages.at(-1);
  if (last?.role !== "assistant") return state;
  return { ...state, messages: [...state.messages.slice(0, -1), change(last)] };
}

export function applyChunk(state: ChatState, chunk: AiStreamChunk): ChatState {
  switch (chunk.type) {
    case "start":
      return updateReply({ ...state, conversationId: chunk.conversationId }, (reply) => ({
        ...reply,
        hintLevel: chunk.hintLevel,
      }));
    case "text":
      return updateReply(state, (reply) =>
        // After a replace no more text belongs to this reply.
        reply.state === "replaced" ? reply : { ...reply, content: reply.content + chunk.delta },
      );
    case "suggestion":
      return updateReply(state, (reply) => ({
        ...reply,
        suggestions: [...reply.suggestions, chunk.suggestion],
      }));
    case "replace":
      return updateReply(state, (reply) => ({ ...reply, content: chunk.text, state: "replaced" }));
    case "finish":
      return updateReply(state, (reply) => ({
        ...reply,
        key: `m-${chunk.messageId}`,
        messageId: chunk.messageId,
        state: chunk.status,
      }));
    case "error":
      return updateReply(state, (reply) => ({
        ...reply,
        content: chunk.message,
        messageId: null,
        state: "error",
      }));
  }
}

/** The reply ended without a finish: stopped by the learner, or the connection dropped. */
export function endReply(state: ChatState, how: "stopped" | "error", message?: string): ChatState {
  return updateReply(state, (reply) =>
    reply.state !== "streaming"
      ? reply
      : { ...reply, state: how, content: message ?? reply.content },
  );
}

export function withRating(state: ChatState, messageId: number, rating: AiRatingValue): ChatState {
  return {
    ...state,
    messages: state.messages.map((m) => (m.messageId === messageId ? { ...m, rating } : m)),
  };
}

/** A stored conversation, as the chat shows it. */
export function fromStored(conversationId: string, messages: AiMessageView[]): ChatState {
  return {
    conversationId,
    messages: messages.map((m) => ({
      key: `m-${m.id}`,
      role: m.role,
      content: m.content,
      messageId: m.role === "assistant" && m.status !== "error" ? m.id : null,
      hintLevel: m.hintLevel,
      rating: m.rating,
      suggestions: m.suggestions,
      state: m.status,
    })),
  };
}
