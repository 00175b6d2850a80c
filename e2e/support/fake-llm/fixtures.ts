/**
 * The scripted model's fixtures (issue 16), in the manner of Dyad's fake LLM server: each says
 * which requests it answers (a marker or words in the last user message, or anywhere in the
 * prompt) and what the "model" does: stream text in chunks, call tools and then answer, return a
 * JSON object for structured output, fail with 429 or 500 first, go slowly, or drop the
 * connection. Plain JSON, so a test in another process can send them (POST /__fixtures).
 */
import { z } from "zod";

export const fakeFixtureSchema = z.strictObject({
  /** For logs and for counting failures per fixture. */
  name: z.string().min(1),
  match: z.strictObject({
    /** Words the text must contain (case-insensitive). */
    contains: z.string().min(1).optional(),
    /** A regular expression the text must match (flags "i"). */
    regex: z.string().min(1).optional(),
    /** Where to look: the last user message (default), or the whole prompt (system included). */
    in: z.enum(["last-user", "prompt"]).default("last-user"),
  }),
  /** What the model answers. `text` is split into `chunks` of a few characters when streamed. */
  text: z.string().optional(),
  chunks: z.array(z.string()).optional(),
  /** Tool calls made first; once the tool results come back, `afterTools` is the answer. */
  toolCalls: z
    .array(z.strictObject({ name: z.string(), arguments: z.record(z.string(), z.unknown()) }))
    .optional(),
  afterTools: z.string().optional(),
  /** Structured output: answered as the message's JSON content (response_format json_schema). */
  object: z.unknown().optional(),
  /** Served to the first requests that match, in order, before the answer above. */
  failures: z
    .array(
      z.strictObject({
        status: z.number().int().min(400).max(599),
        /** Sent as retry-after-ms, so that the client's retry comes back quickly. */
        retryAfterMs: z.number().int().min(0).optional(),
        message: z.string().optional(),
      }),
    )
    .optional(),
  /** Milliseconds before the first chunk and between chunks (slow tokens). */
  firstDelayMs: z.number().int().min(0).optional(),
  delayMs: z.number().int().min(0).optional(),
  /** Drop the connection after this many content chunks (no finish, no [DONE]). */
  dropAfterChunks: z.number().int().min(0).optional(),
  /** The token counts the "model" reports; by default words in and out. */
  usage: z
    .strictObject({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() })
    .optional(),
});
export type FakeFixture = z.input<typeof fakeFixtureSchema>;
export type ParsedFixture = z.output<typeof fakeFixtureSchema>;

export const fixturesBodySchema = z.strictObject({
  fixtures: z.array(fakeFixtureSchema),
  /** true: replace the fixtures; false (default): put these before the ones already there. */
  replace: z.boolean().optional(),
});

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: string;
}

/** A message's text: a string, or the text parts of an array of content parts. */
export function messageText(message: ChatMessage | undefined): string {
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  if (Array.isArray(message.content)) {
    return message.content
      .map((part) =>
        part && typeof part === "object" && "text" in part ? String(part.text ?? "") : "",
      )
      .join("");
  }
  return "";
}

export function lastUserText(messages: readonly ChatMessage[]): string {
  return messageText([...messages].reverse().find((m) => m.role === "user"));
}

/** The first fixture that matches the request's messages, or undefined. */
export function findFixture(
  fixtures: readonly ParsedFixture[],
  messages: readonly ChatMessage[],
): ParsedFixture | undefined {
  const lastUser = lastUserText(messages).toLowerCase();
  const prompt = messages.map(messageText).join("\n").toLowerCase();
  return fixtures.find((fixture) => {
    const text = fixture.match.in === "prompt" ? prompt : lastUser;
    if (fixture.match.contains && !text.includes(fixture.match.contains.toLowerCase()))
      return false;
    if (fixture.match.regex && !new RegExp(fixture.match.regex, "i").test(text)) return false;
    return Boolean(fixture.match.contains || fixture.match.regex);
  });
}

/** The text streamed: the fixture's chunks, or its text cut into pieces of about 12 characters. */
export function chunksOf(text: string, chunks?: readonly string[]): string[] {
  if (chunks) return [...chunks];
  const pieces = text.match(/[\s\S]{1,12}/g);
  return pieces ?? [];
}

/** Roughly a tokeniser: words and punctuation marks. */
export function countTokens(text: string): number {
  return text.match(/\w+|[^\s\w]/g)?.length ?? 0;
}
