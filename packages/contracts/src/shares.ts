/**
 * Issue 17: the shares API's request and answer schemas. A share is a read-only snapshot of a
 * project's or a lesson solution's files under a short unguessable code (`/web/shared/{code}`).
 * - POST   /v1/shares                     { kind: "project", projectId } | { kind: "lesson", ... } → 201 { share }
 * - GET    /v1/shares/mine                → 200 { shares }
 * - GET    /v1/shares/{code}              → 200 sharedCode, 410 gone when unshared or hidden
 * - DELETE /v1/shares/{code}              → 204 (the author unshares)
 * - POST   /v1/shares/{code}/duplicate    → 201 { projectId } (into the caller's projects)
 * - GET    /v1/shares/{code}/preview.png  → the 1200x630 link preview image
 */
import type { CodeLanguage } from "./runner.ts";
import { z } from "./zod.ts";

/** Codes are 12 base62 characters from a cryptographic random source (~71 bits). */
export const SHARE_CODE_LENGTH = 12;
export const SHARE_CODE_PATTERN = /^[0-9A-Za-z]{12}$/;

export const shareCodeParamsSchema = z.object({
  code: z.string().check(z.regex(SHARE_CODE_PATTERN, "code: not a share code.")),
});

const positiveId = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

export const createShareBodySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("project"), projectId: z.string().check(z.uuid()) }),
  z.object({
    kind: z.literal("lesson"),
    trackId: positiveId,
    tutorialId: positiveId,
    chapterId: positiveId,
    lessonId: positiveId,
  }),
]);
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

export const sharedFileSchema = z.object({ path: z.string(), content: z.string() });
export type SharedFile = z.infer<typeof sharedFileSchema>;

/** What anyone with the link sees: never the author's email, only their display name. */
export const sharedCodeSchema = z.object({
  code: z.string(),
  kind: z.enum(["project", "lesson"]),
  title: z.string(),
  /** A project template id (python, javascript, web, sql, react-ts) or a lesson's code language. */
  runtime: z.string(),
  entry: z.string(),
  files: z.array(sharedFileSchema),
  authorName: z.string(),
  createdAt: z.string(),
  views: z.number(),
});
export type SharedCode = z.infer<typeof sharedCodeSchema>;

/** One of the author's own shares, as listed to them. */
export const myShareSchema = z.object({
  code: z.string(),
  kind: z.enum(["project", "lesson"]),
  title: z.string(),
  runtime: z.string(),
  projectId: z.nullable(z.string()),
  lessonId: z.nullable(z.number()),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
  hidden: z.boolean(),
  views: z.number(),
});
export type MyShare = z.infer<typeof myShareSchema>;

export const createShareAnswerSchema = z.object({ share: myShareSchema });
export const myShareListSchema = z.object({ shares: z.array(myShareSchema) });
export const duplicateShareAnswerSchema = z.object({ projectId: z.string() });

/** The sentence of a share's 410: what a visitor of an unshared or hidden link reads. */
export const SHARE_GONE_MESSAGES = {
  revoked: "The author unshared this code: the link no longer shows it.",
  hidden: "This shared code was hidden by a moderator after a report.",
} as const;

const TEMPLATE_LANGUAGE: Record<string, CodeLanguage> = {
  python: "python",
  javascript: "javascript",
  web: "html",
  sql: "sql",
  "react-ts": "tsx",
};
const LANGUAGES: readonly string[] = [
  "html",
  "css",
  "javascript",
  "python",
  "sql",
  "jsx",
  "typescript",
  "tsx",
];

/** The in-browser runner a share's Run uses: a template's runtime or the lesson's language. */
export function shareRunLanguage(runtime: string): CodeLanguage {
  const fromTemplate = TEMPLATE_LANGUAGE[runtime];
  if (fromTemplate) return fromTemplate;
  return LANGUAGES.includes(runtime) ? (runtime as CodeLanguage) : "javascript";
}

const LANGUAGE_TEMPLATE: Record<string, string> = {
  html: "web",
  css: "web",
  javascript: "javascript",
  typescript: "javascript",
  python: "python",
  sql: "sql",
  jsx: "react-ts",
  tsx: "react-ts",
};

/** The project template a duplicated share becomes: the template itself or the lesson language's. */
export function shareTemplate(runtime: string): string {
  if (TEMPLATE_LANGUAGE[runtime]) return runtime;
  return LANGUAGE_TEMPLATE[runtime] ?? "python";
}

/** A human name of a runtime, for the page and the preview image. */
export function shareLanguageLabel(runtime: string): string {
  const labels: Record<string, string> = {
    python: "Python",
    javascript: "JavaScript",
    web: "HTML/CSS/JS",
    sql: "SQL",
    "react-ts": "React + TypeScript",
    html: "HTML",
    css: "CSS",
    jsx: "React (JSX)",
    typescript: "TypeScript",
    tsx: "React + TypeScript",
  };
  return labels[runtime] ?? runtime;
}
