/**
 * Offline lessons in Chromium: a learner opens a Python lesson and an SQL lesson online, the
 * service worker takes the page over and keeps the shell, the chapter and the runtime; with the
 * network gone, a reload opens the same lesson, which runs its code and passes its checks.
 * Also: /sw.js is served from our origin under the app's CSP, and activation keeps only our
 * current caches.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

// Pyodide starts from nothing in each test's fresh browser context, then again after the reload.
const LESSON_TEST_MS = 240_000;
const RUNTIME_WAIT_MS = 120_000;
const RESULT_WAIT_MS = 90_000;

const PYTHON_LESSON = {
  path: "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1",
  chapter: "/v1/tracks/1/tutorials/101/chapters/10101",
  runtimeFiles: ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"],
  answer: 'print("Hello, world!")',
  output: "Hello, world!",
};
const SQL_LESSON = {
  path: "/web/track/4/tutorial/401/chapter/40101/learn?lesson=1",
  chapter: "/v1/tracks/4/tutorials/401/chapters/40101",
  runtimeFiles: ["sql-wasm-browser.wasm"],
  answer: "SELECT * FROM planets;",
  output: "Neptune",
};
type LessonCase = typeof PYTHON_LESSON;

/** The URLs held in our caches (not Workbox's precache), by cache name. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      found[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return found;
  });
}

async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

async function waitForCached(page: Page, lesson: LessonCase): Promise<void> {
  await expect
    .poll(
      async () => {
        const caches = await cachedUrls(page);
        const runtimes = Object.entries(caches)
          .filter(([name]) => name.startsWith("lumen-v1-runtimes-"))
          .flatMap(([, urls]) => urls);
        const catalog = caches["lumen-v1-catalog"] ?? [];
        return {
          runtime: lesson.runtimeFiles.every((file) => runtimes.some((u) => u.endsWith(file))),
          chapter: catalog.includes(lesson.chapter),
        };
      },
      { timeout: RUNTIME_WAIT_MS, interval: 500 },
    )
    .toEqual({ runtime: true, chapter: true });
}

async function openLesson(page: Page, lesson: LessonCase): Promise<void> {
  await page.goto(ctx.url + lesson.path);
  await page.getByTestId("lesson-screen").waitFor({ timeout: 30_000 });
}

/** Replaces the editor's text as a learner would: select everything, then type. */
async function typeAnswer(page: Page, code: string): Promise<void> {
  const editor = page.locator(".cm-content").first();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

async function runAndCheck(page: Page, lesson: LessonCase): Promise<void> {
  await typeAnswer(page, lesson.answer);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect
    .poll(() => page.getByTestId("output-panel").textContent(), { timeout: RESULT_WAIT_MS })
    .toContain(lesson.output);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const checks = page.getByTestId("run-tests");
  await checks.waitFor({ timeout: RESULT_WAIT_MS });
  await expect.poll(() => checks.getByRole("listitem").count()).toBeGreaterThan(0);
  // Every check the author wrote is passed: no item says it failed.
  expect(await checks.textContent()).not.toMatch(/fail/i);
}

async function offlineLesson(page: Page, lesson: LessonCase, name: string): Promise<void> {
  await openLesson(page, lesson);
  await waitForControl(page);
  await waitForCached(page, lesson);

  await page.context().setOffline(true);
  await page.reload();
  await page.getByTestId("lesson-screen").waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await runAndCheck(page, lesson);
  await page.screenshot({ path: shot(`offline-${name}-desktop`) });
}

/** Offline, requests the app makes anyway (saves, analytics) fail with this browser message. */
function allowOfflineFailures(allowed: RegExp[]): void {
  allowed.push(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/);
}

test(
  "a Python lesson opened online opens, runs and passes its checks offline",
  async ({ watched }) => {
    allowOfflineFailures(watched.allowed);
    await offlineLesson(watched.page, PYTHON_LESSON, "python");
  },
  LESSON_TEST_MS,
);

test(
  "an SQL lesson opened online opens, runs and passes its checks offline, on a phone in dark mode",
  async ({ watched }) => {
    allowOfflineFailures(watched.allowed);
    const { page } = watched;
    await page.emulateMedia({ colorScheme: "dark" });
    await offlineLesson(page, SQL_LESSON, "sql");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: shot("offline-sql-phone-dark"), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  },
  LESSON_TEST_MS,
);

test("offline, any address of a screen opened before gets the app's page from the cache", async ({
  watched,
}) => {
  allowOfflineFailures(watched.allowed);
  const { page } = watched;
  await page.goto(`${ctx.url}/web/library`);
  await page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
  await waitForControl(page);
  await page.context().setOffline(true);
  // Another address of the same screen: the worker has no copy of it, only of the shell.
  await page.goto(`${ctx.url}/web/library?from=offline`);
  await page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
  await expect.poll(() => page.title()).toBe("Library · Lumen");
});

test("the service worker is served from our origin with scope / and the app's CSP", async () => {
  const response = await fetch(`${ctx.url}/sw.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/javascript/);
  expect(response.headers.get("cache-control")).toBe("no-cache");
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("worker-src 'self'");
  const page = await fetch(ctx.url);
  expect(page.headers.get("content-security-policy")).toContain("worker-src 'self'");
});

test("activation deletes our caches from an earlier deploy and keeps the current ones", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(ctx.url);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await waitForControl(page);
  // What an earlier deploy left: a runtime cache under another hash, and someone else's cache.
  await page.evaluate(async () => {
    await (await caches.open("lumen-v1-runtimes-0000000000000000")).put(
      "/runtimes/old.wasm",
      new Response("old"),
    );
    await (await caches.open("not-ours")).put("/x", new Response("x"));
  });
  // A deploy: the browser finds a changed worker script, installs it and activates it.
  // Wait for that worker itself to be active: a controllerchange may still come from the first.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js?deploy=next", {
      scope: "/",
    });
    await new Promise<void>((resolve) => {
      const check = () => {
        const active = registration.active;
        if (active?.scriptURL.includes("deploy=next") && active.state === "activated") resolve();
        else setTimeout(check, 50);
      };
      check();
    });
  });
  await expect
    .poll(async () => Object.keys(await cachedUrls(page)).sort(), { timeout: 30_000 })
    .not.toContain("lumen-v1-runtimes-0000000000000000");
  const names = Object.keys(await cachedUrls(page));
  expect(names).toContain("not-ours");
  expect(names.some((name) => name.startsWith("workbox-precache-v2-"))).toBe(true);
});
