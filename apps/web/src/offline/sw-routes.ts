/**
 * The service worker's rules, as plain functions shared by the worker (sw.ts), the page that
 * registers it and their tests: which requests each cache takes, the caches' names, and which
 * runtime files a chapter or a worker script needs.
 */
import { type RunnerFamily, runnerFamily } from "@lumen/runners/types";

/** What the build hands the service worker (vite-plugin-sw.ts injects it as a constant). */
export interface ServiceWorkerManifest {
  /**
   * The app: "/" (the page every screen is served as), the public scripts, and every hashed file
   * of every screen (JavaScript and CSS), so any screen a cached lesson leads to opens offline.
   */
  precache: Array<{ url: string; revision: string | null }>;
  /** A hash of every file under /runtimes/, so a new Pyodide or sql.js gets a fresh cache. */
  runtimeVersion: string;
  /**
   * Runtime group (a runner family, or the TypeScript compiler) to the files it runs with: its
   * worker scripts and runtime files. Kept in the runtime cache once a chapter that needs them is.
   */
  runtimeGroups: Partial<Record<RuntimeGroup, string[]>>;
}

/** What a lesson's code needs to run: its runner family, and the compiler for typed code. */
export type RuntimeGroup = RunnerFamily | "typescript";

/** The runtime groups a lesson's code language needs; none for a language we do not know. */
export function runtimeGroupsOfLanguage(language: string): RuntimeGroup[] {
  // Unknown languages (a newer server) have no family: nothing to keep for them.
  const family = runnerFamily(language as Parameters<typeof runnerFamily>[0]) as
    | RunnerFamily
    | undefined;
  if (!family) return [];
  return language === "typescript" || language === "tsx" ? [family, "typescript"] : [family];
}

export { CACHE_PREFIX, CACHE_SCHEMA, type CacheNames, cacheNames } from "./cache-names.ts";

import type { CacheNames } from "./cache-names.ts";
import { CACHE_PREFIX } from "./cache-names.ts";

/** Our caches that the current worker does not use: left by an earlier deploy. */
export function staleCaches(existing: readonly string[], current: CacheNames): string[] {
  const keep = new Set(Object.values(current));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}

/**
 * Catalog answers (the tracks, a track's outline, a chapter's lessons) are the same for everyone.
 * Only these: the paths beside them (a learner's progress, active section, saved files) belong
 * to one learner, and the worker never keeps them, where another learner on the same device
 * could be served them.
 */
const CHAPTER_PATH = /^\/v1\/tracks\/\d+\/tutorials\/\d+\/chapters\/\d+$/;
const CATALOG_PATHS = [/^\/v1\/tracks$/, /^\/v1\/tracks\/\d+$/, CHAPTER_PATH];

export function isCatalogPath(pathname: string): boolean {
  return CATALOG_PATHS.some((path) => path.test(pathname));
}

/** Paths the server answers itself: a navigation there is never the app's page. */
const SERVER_PATHS = ["/v1/", "/api/", "/healthz", "/.well-known/", "/dev/"];

export type RequestKind = "runtime" | "asset" | "catalog" | "navigation" | "network";

export function classifyRequest(
  url: URL,
  request: { method: string; mode: string },
  origin: string,
): RequestKind {
  if (request.method !== "GET" || url.origin !== origin) return "network";
  const path = url.pathname;
  // Before navigations: the page sandbox (runtimes/page/frame.html) is loaded as a frame.
  if (path.startsWith("/runtimes/")) return "runtime";
  if (path.startsWith("/assets/")) return "asset";
  if (isCatalogPath(path)) return "catalog";
  if (request.mode === "navigate" && !SERVER_PATHS.some((p) => path.startsWith(p))) {
    return "navigation";
  }
  return "network";
}

/** A chapter's catalog answer (every lesson in full), the one that tells which runtimes it needs. */
export const isChapterPath = (pathname: string) => CHAPTER_PATH.test(pathname);

/**
 * The runtime groups a chapter's lessons run their code with, read defensively from the
 * chapter's answer (it comes from the network): code and project lessons, and explanations with
 * a runnable example. Quizzes and fill-ins run nothing.
 */
export function chapterRuntimeGroups(chapter: unknown): RuntimeGroup[] {
  const lessons = (chapter as { lessons?: unknown } | null)?.lessons;
  if (!Array.isArray(lessons)) return [];
  const groups = new Set<RuntimeGroup>();
  for (const lesson of lessons as Array<Record<string, unknown> | null>) {
    const runs =
      lesson?.type === "code" ||
      lesson?.type === "project" ||
      (Array.isArray(lesson?.example) && lesson.example.length > 0);
    if (!runs || typeof lesson?.codeLanguage !== "string") continue;
    for (const group of runtimeGroupsOfLanguage(lesson.codeLanguage)) groups.add(group);
  }
  return [...groups].sort();
}

/** The files of the given runtime groups, as absolute URLs. */
export function runtimeFilesOf(
  names: readonly RuntimeGroup[],
  groups: ServiceWorkerManifest["runtimeGroups"],
  origin: string,
): string[] {
  const found = new Set<string>();
  for (const name of names) {
    for (const file of groups[name] ?? []) found.add(new URL(file, origin).href);
  }
  return [...found];
}

/** Vite names worker chunks assets/worker-<name>.worker-<hash>.js (see vite.config.ts). */
const WORKER_CHUNK = /\/assets\/worker-[a-z0-9-]+\.worker-[^/]+\.js$/;

export const isWorkerScript = (pathname: string) => WORKER_CHUNK.test(pathname);

/**
 * The runtime files behind the worker scripts among `urls`. A page that loaded Pyodide before
 * the service worker controlled it (a first visit) names its worker script; the runtime itself
 * was fetched by the worker, which the page cannot see.
 */
export function runtimeUrlsFor(
  urls: readonly string[],
  groups: ServiceWorkerManifest["runtimeGroups"],
  origin: string,
): string[] {
  const paths = new Set(urls.map((url) => new URL(url, origin).pathname));
  const names = (Object.keys(groups) as RuntimeGroup[]).filter((name) =>
    groups[name]?.some((file) => isWorkerScript(file) && paths.has(file)),
  );
  return runtimeFilesOf(names, groups, origin);
}

/** Of the page's loaded resources, the ones the worker keeps: assets, runtimes, catalog. */
export function urlsWorthCaching(resourceUrls: readonly string[], origin: string): string[] {
  return resourceUrls.filter((href) => {
    const url = new URL(href, origin);
    const kind = classifyRequest(url, { method: "GET", mode: "cors" }, origin);
    return kind === "asset" || kind === "runtime" || kind === "catalog";
  });
}
