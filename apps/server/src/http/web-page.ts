/**
 * The page every screen is served as: the built index.html with the public settings and the
 * theme script inlined. So that a screen paints without a chain of round trips, it also carries
 * (ADR 0015):
 * - a modulepreload of the screen's lazily loaded code, read from Vite's build manifest;
 * - on lesson screens, the catalog answers the screen asks for first (the client takes them
 *   instead of fetching them, apps/web/src/lib/prefetched.ts), and the lesson drawn by the
 *   server (packages/lesson-view, shared with the web app's lesson screen). With the lesson on screen, the app's code is not what
 *   the first paint waits for: a small inline script starts loading it once the page has painted.
 * Inline scripts are allowed by their hashes in the CSP (scriptHashes).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { LESSON_MODES, LESSON_PREFIXES, lessonRoutePath } from "@lumen/contracts";
import { isLessonMode, renderLessonFirstPaint } from "@lumen/lesson-view";
import { isTutorialFree } from "../billing/lesson-access.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { type Env, publicConfig } from "../env.ts";
import { presentChapter, presentTrack } from "../presenters/catalog.ts";

const CONFIG_MARKER = "<!--lumen:config-->";
const HEAD_END = "</head>";
const BODY_END = "</body>";
const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const APP_ROOT = '<div id="app"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const ENTRY_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

function escapeForScript(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/** The CSP source that allows exactly this inline script. */
export const scriptHashSource = (script: string) =>
  `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

export function renderIndexHtml(template: string, env: Env, themeScript?: string): string {
  const config = escapeForScript(JSON.stringify(publicConfig(env)));
  let html = template
    .replace(CONFIG_MARKER, `<script id="lumen-config" type="application/json">${config}</script>`)
    .replaceAll("%PRODUCT_NAME%", env.PRODUCT_NAME);
  if (themeScript !== undefined) {
    html = html.replace(THEME_SCRIPT_TAG, () => `<script>${themeScript}</script>`);
  }
  return html;
}

/** The parts of an entry in Vite's build manifest (dist/.vite/manifest.json) we read. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

const LESSON_SCREEN_PATHS = new Set(
  LESSON_PREFIXES.flatMap((prefix) => LESSON_MODES.map((mode) => lessonRoutePath(prefix, mode))),
);

/**
 * The source module the router loads lazily for a screen (apps/web/src/router.tsx), for the
 * lesson screens, where a learner spends their time. A test checks it exists in the web app.
 * Not for "/": the service worker keeps that page as the offline shell of every screen, and a
 * preload of the home screen's code would fail offline on a device that never opened it.
 */
export function screenModule(screenPath: string): string | undefined {
  if (LESSON_SCREEN_PATHS.has(screenPath)) return "src/features/lesson/lesson-screen.tsx";
  return undefined;
}

/** Everything a lazily loaded module needs at once that the entry has not already loaded. */
export function modulePreloads(manifest: BuildManifest, moduleKey: string): string[] {
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) collect(key, entryFiles);
  }
  const files = new Set<string>();
  collect(moduleKey, files);
  return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
}

/**
 * Starts the app after the first paint: its module preloads, then its entry. A frame callback
 * runs once the page has painted; the timer covers a tab in the background, which paints nothing.
 */
export function bootScript(entry: string, preloads: readonly string[]): string {
  return `(()=>{let started=false;const start=()=>{if(started)return;started=true;const tags=document.createDocumentFragment();for(const href of ${JSON.stringify(
    preloads,
  )}){const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;tags.append(link)}const script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=${JSON.stringify(
    entry,
  )};tags.append(script);document.head.append(tags)};requestAnimationFrame(()=>setTimeout(start,0));setTimeout(start,200)})();`;
}

export interface LessonPage {
  /** The catalog answers the screen asks for first, under the exact paths it asks for them. */
  prefetch: Record<string, unknown>;
  /** The lesson drawn by the server, when the URL names which lesson (`?lesson=`). */
  firstPaint?: string;
}

const LESSON_PATH =
  /^\/(?:web|ssr)\/track\/(\d+)\/tutorial\/(\d+)\/chapter\/(\d+)\/(learn|challenge|tutor)\/?$/;

/**
 * What the server adds to a lesson screen's page: the chapter and the track outline the screen
 * fetches first (apps/web/src/features/lesson/api/chapter-client.ts, apps/web/src/lib/catalog-client.ts),
 * and the lesson's first paint. Nothing when the lesson's place does not exist: the screen then
 * asks and shows its own error. Only the outline for a lesson outside the free sections.
 */
export async function lessonPage(
  catalog: CatalogStore,
  url: URL,
  productName: string,
): Promise<LessonPage | undefined> {
  const match = LESSON_PATH.exec(url.pathname);
  if (!match) return undefined;
  const [trackId, tutorialId, chapterId] = match.slice(1, 4).map(Number) as [
    number,
    number,
    number,
  ];
  const mode = match[4] ?? "";
  try {
    const track = await catalog.track(trackId);
    const tutorial = track.tutorials.find((candidate) => candidate.id === tutorialId);
    const chapter = tutorial?.chapters.find((candidate) => candidate.id === chapterId);
    if (!tutorial || !chapter) return undefined;
    // A locked lesson (issue 15) is never in the page: the page is not the caller's alone, so
    // the screen asks for it with the learner's token and shows what unlocks it if refused.
    if (!isTutorialFree(track, tutorialId)) {
      return { prefetch: { [`/v1/tracks/${trackId}`]: presentTrack(track) } };
    }
    const presented = presentChapter(track, tutorialId, chapter);
    const page: LessonPage = {
      prefetch: {
        [`/v1/tracks/${trackId}/tutorials/${tutorialId}/chapters/${chapterId}`]: presented,
        [`/v1/tracks/${trackId}`]: presentTrack(track),
      },
    };
    const lessonParam = url.searchParams.get("lesson");
    const lessonIndex =
      lessonParam === null || lessonParam === "" ? Number.NaN : Number(lessonParam);
    if (isLessonMode(mode) && Number.isInteger(lessonIndex) && lessonIndex >= 0) {
      page.firstPaint = renderLessonFirstPaint({
        productName,
        tutorialTitle: tutorial.title,
        chapterTitle: presented.title,
        lessons: presented.lessons,
        mode,
        lessonIndex,
      });
    }
    return page;
  } catch {
    return undefined;
  }
}

export interface WebPage {
  productName: string;
  /** CSP sources for the inline scripts this page can carry. */
  scriptHashes: string[];
  /** The page for a screen (by its route path), or for no screen (the not-found page). */
  render(screenPath?: string, lesson?: LessonPage): string;
}

export function loadWebPage(distDir: string, env: Env): WebPage {
  const themeScript = readOptional(path.join(distDir, "theme-init.js"));
  const template = renderIndexHtml(
    readFileSync(path.join(distDir, "index.html"), "utf8"),
    env,
    themeScript,
  );
  let manifest: BuildManifest = {};
  try {
    manifest = JSON.parse(readOptional(path.join(distDir, ".vite/manifest.json")) ?? "{}");
  } catch {
    // Without a manifest, pages carry no screen preloads.
  }
  const entry = [...template.matchAll(ENTRY_SCRIPT)].map((m) => m[1] ?? "")[0];
  const entryPreloads = [...template.matchAll(ENTRY_PRELOAD)].map((m) => m[1] ?? "");
  const lessonModule = screenModule(lessonRoutePath("/web", "learn")) ?? "";
  const lessonBoot = entry
    ? bootScript(entry, [...entryPreloads, ...modulePreloads(manifest, lessonModule)])
    : undefined;
  const scriptHashes = [themeScript, lessonBoot]
    .filter((script): script is string => script !== undefined)
    .map(scriptHashSource);

  const preloadLinks = (files: string[]) =>
    files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  const prefetchScript = (prefetch: Record<string, unknown>) =>
    `<script id="lumen-prefetch" type="application/json">${escapeForScript(JSON.stringify(prefetch))}</script>`;

  return {
    productName: env.PRODUCT_NAME,
    scriptHashes,
    render(screenPath, lesson) {
      if (!screenPath) return template;
      const moduleKey = screenModule(screenPath);
      if (lesson?.firstPaint && lessonBoot && moduleKey === lessonModule) {
        const firstPaint = lesson.firstPaint;
        return template
          .replace(ENTRY_SCRIPT, "")
          .replace(ENTRY_PRELOAD, "")
          .replace(HEAD_END, () => `${prefetchScript(lesson.prefetch)}${HEAD_END}`)
          .replace(APP_ROOT, () => `${firstPaint}${APP_ROOT}`)
          .replace(BODY_END, () => `<script>${lessonBoot}</script>${BODY_END}`);
      }
      const extras = [
        moduleKey ? preloadLinks(modulePreloads(manifest, moduleKey)) : "",
        lesson ? prefetchScript(lesson.prefetch) : "",
      ].join("");
      return extras ? template.replace(HEAD_END, () => `${extras}${HEAD_END}`) : template;
    },
  };
}
