/**
 * The AI app builder's rules (issue 18): the starting templates, the limits on what a learner
 * keeps and sends, which files the agent and the editor may touch, instance names, images sent
 * with a prompt, and what a turn costs. The server enforces them; the web app checks first so that
 * a learner hears why before anything is sent.
 */
import { projectPathMessage } from "./project-files.ts";

/** Starting templates: the base app (Vite, React, TypeScript, a server with SQLite) and overlays. */
export const APP_TEMPLATES = [
  {
    key: "blank",
    title: "Blank app",
    description: "A React page and a small server with a database, ready for your idea.",
    prompt: "",
  },
  {
    key: "notes",
    title: "Notes",
    description: "A notes app that saves to the database: add, list and delete notes.",
    prompt: "Add a search box that filters the notes as I type.",
  },
  {
    key: "landing",
    title: "Landing page",
    description: "A one-page site with a hero, features and a sign-up form that stores emails.",
    prompt: "Change the colours to a dark theme with a green accent.",
  },
] as const;
export type AppTemplateKey = (typeof APP_TEMPLATES)[number]["key"];
export const APP_TEMPLATE_KEYS = APP_TEMPLATES.map((t) => t.key) as [
  AppTemplateKey,
  ...AppTemplateKey[],
];

export const BUILDER_LIMITS = {
  /** Builds a learner keeps. */
  builds: 20,
  /** Machines (previews and instances together) a learner has at once. */
  machines: 3,
  /** Instances a learner publishes. */
  instances: 3,
  files: 80,
  fileBytes: 200_000,
  buildBytes: 2_000_000,
  pathLength: 160,
  /** Folder depth, counting the file itself. */
  pathDepth: 6,
  titleLength: 80,
  promptLength: 4_000,
  /** An image sent with a prompt. */
  imageBytes: 2 * 1024 * 1024,
  /** Model calls in one turn, tool rounds included (the turn budget). */
  turnSteps: 16,
  /** Times the agent may go back to fix its own build within a turn. */
  fixRounds: 2,
} as const;

/** Folders the builder owns: the packages (read-only), the build output, the app's data. */
const RESERVED_TOP = new Set(["node_modules", "dist", "data", ".git"]);

/** Why the agent or the editor may not write `path`, or null when it may. */
export function buildPathProblem(path: string): string | null {
  if (path.length === 0) return projectPathMessage("empty");
  if (path.length > BUILDER_LIMITS.pathLength) {
    return `File paths can be at most ${BUILDER_LIMITS.pathLength} characters long.`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f\\:*?"<>|]/.test(path)) return projectPathMessage("bad_character");
  const segments = path.split("/");
  if (segments.length > BUILDER_LIMITS.pathDepth) {
    return `Folders can be at most ${BUILDER_LIMITS.pathDepth - 1} levels deep.`;
  }
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.trim() !== s)) {
    return projectPathMessage("bad_segment");
  }
  const top = segments[0] ?? "";
  if (RESERVED_TOP.has(top)) {
    return `"${top}/" belongs to the machine (packages, the build and the app's data); choose another folder.`;
  }
  return null;
}

/** An instance's name in its address: 3–40 lower-case letters, digits and inner hyphens. */
export function instanceSlugProblem(slug: string): string | null {
  if (!/^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/.test(slug)) {
    return "Use 3 to 40 lower-case letters, digits and hyphens, starting and ending with a letter or digit.";
  }
  if (slug.includes("--")) return "An address cannot have two hyphens in a row.";
  // Previews use p-{id}{hash}; the apps domain's own names are kept.
  if (/^p-/.test(slug) || ["www", "api", "admin", "app", "apps"].includes(slug)) {
    return "That address is reserved. Choose another.";
  }
  return null;
}

/** A suggested instance name from a build's title. */
export function slugFromTitle(title: string, suffix: string): string {
  const base = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30)
    .replace(/-+$/, "");
  const slug = `${base || "app"}-${suffix}`.replace(/^p-/, "app-p-");
  return slug;
}

export const BUILDER_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type BuilderImageType = (typeof BUILDER_IMAGE_TYPES)[number];

/** The media type the bytes really are (by their first bytes), or null. */
export function sniffImageType(bytes: Uint8Array): BuilderImageType | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return "image/png";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "image/jpeg";
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (text(0, 4) === "RIFF" && text(8, 12) === "WEBP") return "image/webp";
  return null;
}

/** Why an image cannot go with a prompt, or null: PNG, JPEG or WebP, at most 2 MB, bytes that agree. */
export function builderImageProblem(declared: string, bytes: Uint8Array): string | null {
  if (!(BUILDER_IMAGE_TYPES as readonly string[]).includes(declared)) {
    return "Send a PNG, JPEG or WebP image.";
  }
  if (bytes.length === 0) return "The image is empty.";
  if (bytes.length > BUILDER_LIMITS.imageBytes) return "The image is larger than 2 MB.";
  if (sniffImageType(bytes) !== declared) return "The file is not the image it says it is.";
  return null;
}

/** Tokens bought by one credit in the builder. */
export const BUILDER_TOKENS_PER_CREDIT = 2_000;

/** A turn's price: its tokens in credits, rounded up, one at least. */
export function builderCreditsFor(tokens: number): number {
  return Math.max(1, Math.ceil(Math.max(0, tokens) / BUILDER_TOKENS_PER_CREDIT));
}

/** Roughly the tokens of a text (four characters a token), for the context's budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
