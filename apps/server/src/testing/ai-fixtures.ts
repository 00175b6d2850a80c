/**
 * Test code only (issue 16): a small Python track for the AI tests, an app wired to the scripted
 * model, and a reader for the reply stream. The free section holds a code lesson with a solution
 * (add up the prices), a multiple-choice lesson and a fill-in lesson; the second section is
 * locked for the free plan.
 */
import { type AiStreamChunk, aiStreamChunkSchema, type Lesson, type Track } from "@lumen/contracts";
import type { Database } from "@lumen/db";
import pino from "pino";
import { createAiService } from "../ai/ai-service.ts";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { grantCredits } from "../commands/grant-credits.ts";
import { parseEnv } from "../env.ts";

export const SUM_SOLUTION =
  "prices = [3, 4, 5]\ntotal = 0\nfor price in prices:\n    total += price\nprint(total)\n";

export const SUM_LESSON: Lesson = {
  id: 9010101,
  index: 0,
  slug: "sum",
  title: "Add up the prices",
  type: "code",
  codeLanguage: "python",
  kind: "python",
  explanationHtml: "<p>Add up the <code>prices</code> with a loop and print the total.</p>",
  executableContent: {
    files: [{ name: "main.py", content: "prices = [3, 4, 5]\n", readonly: false, hidden: false }],
  },
  solution: [{ name: "main.py", content: SUM_SOLUTION, readonly: false, hidden: false }],
  hints: ["Start a total at 0 before the loop.", "Add each price to the total inside the loop."],
  checks: 'test("Prints 12", () => { assertEqual(output, "12", "Print the total, 12."); });',
};

export const CHOICE_LESSON: Lesson = {
  id: 9010102,
  index: 1,
  slug: "choice",
  title: "Which function counts?",
  type: "multiple-choice",
  codeLanguage: "python",
  kind: "python",
  explanationHtml: "<p>Pick the call that counts the items of a list.</p>",
  executableContent: { files: [] },
  hints: [],
  question: "Which call counts the items in <code>items</code>?",
  choices: [
    { html: "<code>len(items)</code>", correct: true },
    { html: "<code>count(items)</code>", correct: false },
    { html: "<code>size(items)</code>", correct: false },
  ],
};

export const FILL_IN_LESSON: Lesson = {
  id: 9010103,
  index: 2,
  slug: "fill",
  title: "Grow a list",
  type: "fill-in",
  codeLanguage: "python",
  kind: "python",
  explanationHtml: "<p>Fill in the blanks to add 4 to the list and print its length.</p>",
  executableContent: { files: [] },
  hints: [],
  snippet: {
    language: "python",
    code: "items = [1, 2]\nitems.[[0]](4)\nprint([[1]](items))",
    answers: ["append", "len"],
    distractors: ["add", "size"],
  },
};

export const LOCKED_LESSON: Lesson = {
  ...SUM_LESSON,
  id: 9020101,
  slug: "locked",
  title: "A locked lesson",
};

export const AI_TRACK: Track = {
  id: 9,
  slug: "python-ai",
  title: "Python for AI tests",
  description: "",
  language: "python",
  version: 1,
  sections: [
    { index: 0, title: "Free", tutorialIds: [901] },
    { index: 1, title: "Locked", tutorialIds: [902] },
  ],
  tutorials: [
    {
      id: 901,
      slug: "basics",
      title: "Basics",
      description: "",
      project: false,
      chapters: [
        {
          id: 90101,
          slug: "lists",
          title: "Lists",
          lessons: [SUM_LESSON, CHOICE_LESSON, FILL_IN_LESSON],
        },
      ],
    },
    {
      id: 902,
      slug: "more",
      title: "More",
      description: "",
      project: false,
      chapters: [{ id: 90201, slug: "more", title: "More", lessons: [LOCKED_LESSON] }],
    },
  ],
};

/** The ids a tutor message names, for a lesson of the free chapter. */
export const lessonIds = (lessonId: number) => ({
  trackId: 9,
  tutorialId: lessonId === LOCKED_LESSON.id ? 902 : 901,
  chapterId: lessonId === LOCKED_LESSON.id ? 90201 : 90101,
  lessonId,
});

/**
 * An app on DATABASE with the AI track, the model at MODEL_URL (none: not configured), and its
 * AI service at hand (`ai.idle()` waits for the replies still running).
 */
export function aiApp(
  database: Database,
  modelUrl: string | undefined,
  overrides: Record<string, string> = {},
) {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    ...(modelUrl ? { AI_BASE_URL: modelUrl, AI_MODEL: "scripted", AI_API_KEY: "test-key" } : {}),
    AI_RATE_LIMIT_PER_MINUTE: "600",
    ...overrides,
  });
  const ai = createAiService(env);
  const app = createApp({
    database,
    env,
    ai,
    logger: pino({ level: "silent" }),
    catalog: new CatalogStore(database.db, {
      version: 1,
      catalog: { tracks: [AI_TRACK], glossary: {} },
    }),
  });
  return Object.assign(app, { ai });
}

export async function giveCredits(database: Database, userId: string, amount: number) {
  await grantCredits({
    db: database.db,
    userId,
    amount,
    kind: "admin",
    reason: "test credits",
    idempotencyKey: `test:${userId}:${amount}:${Math.random()}`,
  });
}

/** Every chunk of an SSE reply stream, parsed with the contract. */
export function parseStream(text: string): AiStreamChunk[] {
  return text
    .split("\n\n")
    .filter((event) => event.startsWith("data: "))
    .map((event) => aiStreamChunkSchema.parse(JSON.parse(event.slice("data: ".length))));
}

/** What the learner's screen shows at the end: the text, or the replacement after a `replace`. */
export function shownText(chunks: readonly AiStreamChunk[]): string {
  let text = "";
  for (const chunk of chunks) {
    if (chunk.type === "text") text += chunk.delta;
    if (chunk.type === "replace") text = chunk.text;
    if (chunk.type === "error") text = chunk.message;
  }
  return text;
}

/**
 * Reads a reply stream until PREDICATE holds for the chunks so far, then cancels it (the learner
 * pressed stop); answers the chunks read.
 */
export async function readUntil(
  res: Response,
  predicate: (chunks: AiStreamChunk[]) => boolean,
): Promise<AiStreamChunk[]> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const complete = text.slice(0, text.lastIndexOf("\n\n") + 2);
    const chunks = parseStream(complete);
    if (predicate(chunks)) {
      await reader.cancel();
      return chunks;
    }
  }
  return parseStream(text);
}
