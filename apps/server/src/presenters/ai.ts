/** {product} AI's answers (issue 16), typed against the contracts: rows never leave the server. */
import type {
  AiConversationAnswer,
  AiConversationSummary,
  AiMessageStatus,
  AiRatingAnswer,
  AiSuggestion,
} from "@lumen/contracts";
import { AI_MESSAGE_STATUSES } from "@lumen/contracts";
import type { ConversationRow } from "../ai/reply-prelude.ts";
import type { RatingRow } from "../commands/rate-ai-message.ts";
import type { ConversationRead } from "../commands/read-ai-conversation.ts";

export function presentConversationSummary(row: ConversationRow): AiConversationSummary {
  return {
    id: row.id,
    kind: row.kind === "tutor" || row.kind === "onboarding" ? row.kind : "assistant",
    title: row.title,
    trackId: row.trackId,
    lessonId: row.lessonId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const statusOf = (status: string): AiMessageStatus =>
  (AI_MESSAGE_STATUSES as readonly string[]).includes(status)
    ? (status as AiMessageStatus)
    : "complete";

/** The suggestions a reply's stored parts carry. */
export function suggestionsOf(parts: unknown[] | null): AiSuggestion[] {
  return (parts ?? []).flatMap((part) => {
    if (!part || typeof part !== "object" || (part as { type?: unknown }).type !== "suggestion") {
      return [];
    }
    const { trackId, lessonId, title, trackTitle, href } = part as Record<string, unknown>;
    return typeof trackId === "number" && typeof lessonId === "number" && typeof href === "string"
      ? [{ trackId, lessonId, title: String(title), trackTitle: String(trackTitle), href }]
      : [];
  });
}

export function presentConversation(read: ConversationRead): AiConversationAnswer {
  return {
    conversation: presentConversationSummary(read.conversation),
    messages: read.messages.map((m) => ({
      id: m.id,
      role: m.role === "user" ? "user" : "assistant",
      content: m.content,
      status: statusOf(m.status),
      hintLevel: m.hintLevel,
      rating: m.rating === "up" || m.rating === "down" ? m.rating : null,
      suggestions: suggestionsOf(m.parts),
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export function presentRating(row: RatingRow): AiRatingAnswer {
  return {
    messageId: row.messageId,
    rating: row.rating === "up" ? "up" : "down",
    reason: row.reason,
  };
}
