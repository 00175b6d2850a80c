/**
 * {product} AI (issue 16): the tutor in lessons, the assistant chat, conversations, ratings, and
 * the stream a reply arrives in. The server implements these shapes; the web calls them.
 *
 * Paths (all signed in unless said):
 * - GET    /v1/ai/status                      -> aiStatusAnswerSchema (ask before sending)
 * - POST   /v1/ai/tutor/messages              tutorMessageBodySchema     -> reply stream
 * - POST   /v1/ai/chat/messages               assistantMessageBodySchema -> reply stream
 * - GET    /v1/ai/conversations?kind=&lessonId= -> aiConversationListSchema
 * - GET    /v1/ai/conversations/{id}          -> aiConversationAnswerSchema (owner only, else 404)
 * - DELETE /v1/ai/conversations/{id}          -> 204
 * - POST   /v1/ai/messages/{id}/rating        aiRatingBodySchema -> aiRatingAnswerSchema
 * - GET    /v1/ai/ratings?lessonId=&rating=&before= (course engineers and admins; 403 for
 *          others)                            -> aiRatingsAdminAnswerSchema
 *
 * The reply stream is Server-Sent Events (`text/event-stream`): each event is one line
 * `data: <json>` and a blank line, the JSON one `aiStreamChunkSchema` (a `type` discriminant).
 * Read it with fetch + ReadableStream (no EventSource: it is a POST); split on "\n\n", strip
 * "data: ", JSON.parse, and parse with aiStreamChunkSchema. Order: `start`, then `text` deltas
 * (and `suggestion`s), at most one `replace`, then exactly one `finish` (or one `error` instead
 * of `finish` when the model failed). Text is released only after the solution-leak guard has
 * checked it (a paragraph or a whole code block at a time), so it arrives in bursts; a `replace`
 * says "throw away what was shown of this reply and show this instead". Stopping a reply is
 * aborting the fetch: the server keeps what was shown, with status "stopped".
 * Errors before the stream starts are ordinary JSON error bodies (errors.ts): ai_not_configured
 * (503), insufficient_credits (409), rate_limited (429, Retry-After), plan_required (402: a
 * locked lesson), not_found (404: a lesson or conversation), validation_failed (400). After a
 * `replace` no more text comes. Nothing is charged for a reply that ends in `error`.
 */
import { idParamSchema } from "./progress.ts";
import { runFileSchema } from "./runner.ts";
import { z } from "./zod.ts";

export const AI_CONVERSATION_KINDS = ["tutor", "assistant", "onboarding"] as const;
export type AiConversationKind = (typeof AI_CONVERSATION_KINDS)[number];
export const aiConversationKindSchema = z.enum(AI_CONVERSATION_KINDS);

export const AI_MESSAGE_STATUSES = ["complete", "stopped", "replaced", "error"] as const;
export type AiMessageStatus = (typeof AI_MESSAGE_STATUSES)[number];
export const aiMessageStatusSchema = z.enum(AI_MESSAGE_STATUSES);

/**
 * The tutor's teaching ladder (@lumen/core tutor-ladder.ts), stored as ai_messages.hint_level
 * 1 to 5: a question back to the learner, a pointer at the line, a hint, a worked example of a
 * similar problem, and the lesson's own solution (asked for, and the lesson allows it).
 */
export { TUTOR_LADDER, type TutorRung } from "@lumen/core";

/** Why the next message cannot be sent, when it cannot. */
export const AI_BLOCKED_REASONS = ["not_configured", "insufficient_credits"] as const;
export type AiBlockedReason = (typeof AI_BLOCKED_REASONS)[number];

/**
 * `GET /v1/ai/status`: whether a model is set up, what the next message costs and whether it
 * can be sent (before sending, not after). `nextMessageCost` is 0 while free messages remain.
 */
export const aiStatusAnswerSchema = z.object({
  configured: z.boolean(),
  /** "Lumen AI" by default: the product name and " AI". */
  assistantName: z.string(),
  creditsPerMessage: z.number(),
  /** Free messages a day for learners whose plan has no AI (0 for those whose plan has it). */
  freeMessagesPerDay: z.number(),
  freeMessagesLeft: z.number(),
  balance: z.number(),
  nextMessageCost: z.number(),
  canSend: z.boolean(),
  blockedReason: z.nullable(z.enum(AI_BLOCKED_REASONS)),
  /** Messages a minute a learner may send. */
  rateLimitPerMinute: z.number(),
  /** What unlocks more when blocked for credits: the cheapest plan with AI credits (null: has it). */
  unlockedBy: z.nullable(z.string()),
});
export type AiStatusAnswer = z.infer<typeof aiStatusAnswerSchema>;

const MAX_MESSAGE = 4000;
const MAX_FILE = 100_000;
const MAX_FILES = 20;
const id = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const learnerMessage = z.string().check(z.minLength(1), z.maxLength(MAX_MESSAGE));

/** The last Run or Check in the lesson, as the learner saw it. */
export const tutorLastRunSchema = z.strictObject({
  /** true when every check passed. */
  passed: z.boolean(),
  /** The console's text (stdout, stderr and errors), trimmed by the web to its last part. */
  output: z.optional(z.string().check(z.maxLength(8000))),
  /** The failing checks' messages, as the lesson screen shows them. */
  failingChecks: z.optional(
    z.array(z.string().check(z.maxLength(1000))).check(z.maxLength(MAX_FILES)),
  ),
});
export type TutorLastRun = z.infer<typeof tutorLastRunSchema>;

/** `POST /v1/ai/tutor/messages`: a learner's question about the lesson open in front of them. */
export const tutorMessageBodySchema = z.strictObject({
  /** Absent for the first message; then the id from the stream's `start`. */
  conversationId: z.optional(uuid),
  trackId: id,
  tutorialId: id,
  chapterId: id,
  lessonId: id,
  /** The learner's current files (what the editor holds). */
  files: z.optional(
    z
      .array(
        z.object({
          name: runFileSchema.shape.name,
          content: z.string().check(z.maxLength(MAX_FILE)),
        }),
      )
      .check(z.maxLength(MAX_FILES)),
  ),
  lastRun: z.optional(tutorLastRunSchema),
  /** How many of the lesson's hints the learner has opened. */
  hintsShown: z.optional(z.number().check(z.int(), z.gte(0), z.lte(50))),
  /** Choice and fill-in lessons: what the learner picked or typed. */
  answer: z.optional(z.string().check(z.maxLength(2000))),
  message: learnerMessage,
  /**
   * The learner pressed "show me the solution" in the chat. Only this (never the message's
   * words) may unlock the solution, and only where the lesson lets the learner see it.
   */
  revealSolution: z.optional(z.boolean()),
});
export type TutorMessageBody = z.infer<typeof tutorMessageBodySchema>;

/** `POST /v1/ai/chat/messages`: a message to the assistant chat. */
export const assistantMessageBodySchema = z.strictObject({
  conversationId: z.optional(uuid),
  message: learnerMessage,
  /** The screen the learner is on (a path such as /web/learn), as context. */
  path: z.optional(z.string().check(z.maxLength(300))),
});
export type AssistantMessageBody = z.infer<typeof assistantMessageBodySchema>;

/** A next lesson the assistant suggests, with the link to it. */
export const aiSuggestionSchema = z.object({
  trackId: z.number(),
  lessonId: z.number(),
  title: z.string(),
  trackTitle: z.string(),
  href: z.string(),
});
export type AiSuggestion = z.infer<typeof aiSuggestionSchema>;

const usageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() });

/** One event of the reply stream (see the header). */
export const aiStreamChunkSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    conversationId: z.string(),
    /** The learner's message as stored. */
    userMessageId: z.number(),
    /** The tutor's rung for this reply (null in the assistant chat). */
    hintLevel: z.nullable(z.number()),
  }),
  z.object({ type: z.literal("text"), delta: z.string() }),
  z.object({ type: z.literal("suggestion"), suggestion: aiSuggestionSchema }),
  /** The guard found the lesson's solution in the reply: show `text` instead of all shown. */
  z.object({ type: z.literal("replace"), text: z.string() }),
  z.object({
    type: z.literal("finish"),
    /** The reply as stored: rate it with this id. */
    messageId: z.number(),
    status: aiMessageStatusSchema,
    creditsSpent: z.number(),
    balance: z.number(),
    freeMessagesLeft: z.number(),
    usage: z.nullable(usageSchema),
  }),
  /** The model failed (down, timed out, dropped): a learner-facing message; nothing was spent. */
  z.object({
    type: z.literal("error"),
    code: z.enum(["ai_unavailable", "internal"]),
    message: z.string(),
    messageId: z.nullable(z.number()),
  }),
]);
export type AiStreamChunk = z.infer<typeof aiStreamChunkSchema>;

export const aiRatingValueSchema = z.enum(["up", "down"]);
export type AiRatingValue = z.infer<typeof aiRatingValueSchema>;

export const aiMessageViewSchema = z.object({
  id: z.number(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: aiMessageStatusSchema,
  hintLevel: z.nullable(z.number()),
  rating: z.nullable(aiRatingValueSchema),
  suggestions: z.array(aiSuggestionSchema),
  createdAt: z.string(),
});
export type AiMessageView = z.infer<typeof aiMessageViewSchema>;

export const aiConversationSummarySchema = z.object({
  id: z.string(),
  kind: aiConversationKindSchema,
  title: z.nullable(z.string()),
  trackId: z.nullable(z.number()),
  lessonId: z.nullable(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiConversationSummary = z.infer<typeof aiConversationSummarySchema>;

/** `GET /v1/ai/conversations?kind=tutor&lessonId=12`: newest first, at most 50. */
export const aiConversationListQuerySchema = z.object({
  kind: z.optional(aiConversationKindSchema),
  lessonId: z.optional(idParamSchema("lessonId")),
});
export const aiConversationListSchema = z.object({
  conversations: z.array(aiConversationSummarySchema),
});
export type AiConversationList = z.infer<typeof aiConversationListSchema>;

/** `GET /v1/ai/conversations/{id}`: the conversation and its messages, oldest first. */
export const aiConversationAnswerSchema = z.object({
  conversation: aiConversationSummarySchema,
  messages: z.array(aiMessageViewSchema),
});
export type AiConversationAnswer = z.infer<typeof aiConversationAnswerSchema>;

/** `POST /v1/ai/messages/{id}/rating` (`submit_ai_chat_rating`): rating a reply again replaces it. */
export const aiRatingBodySchema = z.strictObject({
  rating: aiRatingValueSchema,
  reason: z.optional(z.string().check(z.maxLength(1000))),
});
export type AiRatingBody = z.infer<typeof aiRatingBodySchema>;
export const aiRatingAnswerSchema = z.object({
  messageId: z.number(),
  rating: aiRatingValueSchema,
  reason: z.nullable(z.string()),
});
export type AiRatingAnswer = z.infer<typeof aiRatingAnswerSchema>;

/** `GET /v1/ai/ratings`: which lessons' tutor replies learners rate down, by hint level. */
export const aiRatingsAdminQuerySchema = z.object({
  lessonId: z.optional(idParamSchema("lessonId")),
  rating: z.optional(aiRatingValueSchema),
  /** Paging: ratings older than this message id. */
  before: z.optional(idParamSchema("before")),
});
export const aiRatingsAdminAnswerSchema = z.object({
  /** Per lesson (null: the assistant chat), most down-ratings first. */
  lessons: z.array(
    z.object({
      lessonId: z.nullable(z.number()),
      lessonTitle: z.nullable(z.string()),
      trackId: z.nullable(z.number()),
      up: z.number(),
      down: z.number(),
      byHintLevel: z.array(
        z.object({ hintLevel: z.nullable(z.number()), up: z.number(), down: z.number() }),
      ),
    }),
  ),
  /** The latest ratings with the reply rated, newest first. */
  ratings: z.array(
    z.object({
      messageId: z.number(),
      rating: aiRatingValueSchema,
      reason: z.nullable(z.string()),
      lessonId: z.nullable(z.number()),
      lessonTitle: z.nullable(z.string()),
      hintLevel: z.nullable(z.number()),
      reply: z.string(),
      createdAt: z.string(),
    }),
  ),
  nextBefore: z.nullable(z.number()),
});
export type AiRatingsAdminAnswer = z.infer<typeof aiRatingsAdminAnswerSchema>;
