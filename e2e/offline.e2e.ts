/**
 * Offline lessons in Chromium: a learner opens a Python lesson and an SQL lesson online, the
 * service worker takes the page over and keeps the shell, the chapter and the runtime; with the
 * network gone, a reload opens the same lesson, which runs its code and passes its checks.
 * Also: /sw.js is served from our origin under the app's CSP, and activation keeps only our
 * current caches.
 *
 * Issue 13: opened online at an explanation, a learner goes offline and continues to a code
 * lesson, which opens at once from the device's copy and runs; the server's answer when the
 * connection returns replaces nothing typed, and brings work saved on another device to an
 * untouched lesson. A chapter finished offline leads to the sync screen, inside the app shell,
 * which says what waits and syncs by itself when the connection returns. A screen whose loader
 * fails, or whose code is gone after a deploy, says so inside the shell.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { openPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { editorText, registerLearner, writeCode } from "./support/learner.ts";

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

/** The worker controls the page once it has installed: the whole app's files, one by one. */
async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 50_000,
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

// Issue 13 ---------------------------------------------------------------------------------------

const FIRST_STEPS = { trackId: 1, tutorialId: 101, chapterId: 10101 };
const FIRST_STEPS_PATH = "/web/track/1/tutorial/101/chapter/10101/learn";
const PRINT_A_GREETING = 1010102;

/** The learner's API session on "another device": signed in apart from the page's session. */
async function apiSession(email: string, password: string) {
  const res = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (res.status !== 200 || !body.idToken) throw new Error(`sign-in answered ${res.status}`);
  const auth = { Authorization: `Bearer ${body.idToken}`, "content-type": "application/json" };
  const chapterPath = `/v1/tracks/1/tutorials/101/chapters/10101`;
  const chapter = (await (await fetch(ctx.url + chapterPath)).json()) as {
    trackVersion: number;
    lessons: Array<{
      id: number;
      index: number;
      type: string;
      executableContent: { files: Array<{ name: string; content: string }> };
      solution?: Array<{ name: string; content: string }>;
    }>;
  };
  return {
    chapter,
    async saveFiles(lessonId: number, files: Array<{ name: string; content: string }>) {
      const saved = await fetch(
        `${ctx.url}${chapterPath}/lessons/${lessonId}/savefiles?publishSetVersion=${chapter.trackVersion}`,
        {
          method: "POST",
          headers: auth,
          body: JSON.stringify({
            files: files.map((f) => ({ name: f.name, userContent: f.content })),
          }),
        },
      );
      if (!saved.ok) throw new Error(`saving files answered ${saved.status}`);
    },
    /** Completes the chapter's lessons of these indexes, code lessons with their solution. */
    async complete(indexes: number[]) {
      for (const lesson of chapter.lessons.filter((l) => indexes.includes(l.index))) {
        const runs = lesson.type === "code" || lesson.type === "project";
        const res = await fetch(`${ctx.url}/v1/progress/lessons/${lesson.id}/complete`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({
            ...FIRST_STEPS,
            trackVersion: chapter.trackVersion,
            files: runs ? (lesson.solution ?? lesson.executableContent.files) : undefined,
            answer: lesson.type === "explanation" ? undefined : "answered",
            timeZone: "UTC",
            clientEventId: crypto.randomUUID(),
          }),
        });
        if (!res.ok) throw new Error(`lesson ${lesson.id}: ${res.status} ${await res.text()}`);
      }
    },
  };
}

/** The app shell around a screen: the header's home link and main navigation. */
async function expectShell(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Lumen home" }).waitFor();
  await page.getByRole("navigation", { name: "Main" }).waitFor({ state: "attached" });
}

async function phoneAndDark(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 360, height: 740 });
  await ready();
  await page.screenshot({ path: shot(`${name}-phone`), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready();
  await page.screenshot({ path: shot(`${name}-dark`), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

/** Opens the chapter's explanation online and waits until the chapter and Python are kept. */
async function openExplanationOnline(page: Page): Promise<void> {
  await page.goto(`${ctx.url}${FIRST_STEPS_PATH}?lesson=0`);
  await page.getByRole("heading", { level: 1, name: "What is Python?" }).waitFor();
  await waitForControl(page);
  // Only the explanation was opened: the chapter alone brings Python's runtime.
  await waitForCached(page, PYTHON_LESSON);
}

test(
  "offline, Continue from an explanation opens the code lesson at once; it runs, and what was typed survives the connection's return",
  async ({ watched }) => {
    allowOfflineFailures(watched.allowed);
    const { page } = watched;
    await registerLearner(page, ctx.url, "Ada Lovelace");
    await openExplanationOnline(page);

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { level: 1, name: "Print a greeting" }).waitFor();
    // The device's copy: no draft yet, so the starter code, editable, and Check ready at once.
    await expect
      .poll(() => editorText(page), { timeout: 20_000 })
      .toBe("# Write your code below\n");
    const check = page.getByRole("button", { name: "Check", exact: true });
    await expect.poll(() => check.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText("Opening your code…").count()).toBe(0);
    await page.screenshot({ path: shot("issue13-offline-item2-after") });

    await writeCode(page, 'print("Hello, world!")');
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect
      .poll(() => page.getByTestId("output-panel").textContent(), { timeout: RESULT_WAIT_MS })
      .toContain("Hello, world!");
    await expect
      .poll(() => page.getByTestId("save-status").getAttribute("data-status"))
      .toBe("offline");

    // Back online: the server's answer (nothing saved) arrives; what was typed stays and is saved.
    await page.context().setOffline(false);
    await expect
      .poll(() => page.getByTestId("save-status").getAttribute("data-status"), { timeout: 30_000 })
      .toBe("saved");
    expect(await editorText(page)).toBe('print("Hello, world!")');
    await page.screenshot({ path: shot("issue13-offline-item2-back-online") });
  },
  LESSON_TEST_MS,
);

test(
  "a code lesson opened offline takes the work saved on another device once the connection returns",
  async ({ watched }) => {
    allowOfflineFailures(watched.allowed);
    const { page } = watched;
    const learner = await registerLearner(page, ctx.url, "Grace Hopper");
    const otherDevice = await apiSession(learner.email, learner.password);
    await otherDevice.saveFiles(PRINT_A_GREETING, [
      { name: "main.py", content: 'print("saved on my phone")\n' },
    ]);
    await openExplanationOnline(page);

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Continue" }).click();
    // Offline, this device has no copy: the starter code, at once.
    await expect
      .poll(() => editorText(page), { timeout: 20_000 })
      .toBe("# Write your code below\n");

    // Untouched, the lesson takes the server's files when they arrive.
    await page.context().setOffline(false);
    await expect
      .poll(() => editorText(page), { timeout: 30_000 })
      .toBe('print("saved on my phone")\n');
    expect(await page.getByTestId("save-status").getAttribute("data-status")).toBe("saved");
  },
  LESSON_TEST_MS,
);

test(
  "a chapter finished offline leads to the sync screen inside the shell, which syncs by itself when the connection returns",
  async ({ watched }) => {
    allowOfflineFailures(watched.allowed);
    const { page } = watched;
    const learner = await registerLearner(page, ctx.url, "Katherine Johnson");
    const session = await apiSession(learner.email, learner.password);
    await session.complete([0, 1, 2, 3, 4]);
    const last = session.chapter.lessons.find((l) => l.index === 5);
    const solution = last?.solution?.[0]?.content;
    if (!solution) throw new Error("the chapter's last lesson has no solution");

    await page.goto(`${ctx.url}${FIRST_STEPS_PATH}?lesson=5`);
    await page.getByRole("heading", { level: 1, name: "Build a full name" }).waitFor();
    await waitForControl(page);
    await waitForCached(page, PYTHON_LESSON);

    await page.context().setOffline(true);
    await writeCode(page, solution);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect
      .poll(() => page.getByTestId("lesson-feedback").getAttribute("data-tone"), {
        timeout: RESULT_WAIT_MS,
      })
      .toBe("right");
    await page.getByRole("button", { name: "Finish chapter" }).click();
    await page.waitForURL(/\/web\/syncProgress\?/);

    // Its code was kept: the screen opens inside the shell and says what waits.
    await page
      .getByRole("heading", { level: 1, name: "Your progress is safe on this device" })
      .waitFor();
    await page.getByText("1 lesson waiting to sync").waitFor();
    await expectShell(page);
    await page.screenshot({ path: shot("issue13-offline-item3-after") });
    await phoneAndDark(page, "issue13-offline-sync-waiting", () =>
      page.getByText("1 lesson waiting to sync").waitFor(),
    );

    // Back online: it syncs by itself and shows what synced.
    const synced = page.waitForResponse((r) => r.url().endsWith("/v1/progress/sync"));
    await page.context().setOffline(false);
    expect((await synced).status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Your progress is synced" }).waitFor();
    await page.getByText(/^1 lesson synced · \+\d+ XP/).waitFor();
    await page.getByText("Counts for your streak").waitFor();
    // Each synced lesson by its title.
    await page.getByRole("listitem").filter({ hasText: "Build a full name" }).waitFor();
    await page.screenshot({ path: shot("issue13-offline-item3-synced") });
    await phoneAndDark(page, "issue13-offline-sync-done", () =>
      page.getByRole("heading", { level: 1, name: "Your progress is synced" }).waitFor(),
    );
  },
  LESSON_TEST_MS,
);

test("a screen whose loader fails says so inside the app shell, with a way to try again", async ({
  watched,
}) => {
  const { page } = watched;
  // React reports the error its boundary caught, once for each attempt.
  watched.allowed.push(/There is no track "abc"/);
  await page.goto(`${ctx.url}/web/abc/section/0`);
  const error = page.getByTestId("route-error");
  await error.getByRole("heading", { level: 1, name: "This screen did not open" }).waitFor();
  await error.getByText('There is no track "abc".').waitFor();
  await expectShell(page);
  await expect.poll(() => page.title()).toBe("This screen did not open · Lumen");
  expect(await page.getByText("Show Error").count()).toBe(0);
  // Trying again runs the loader again, which fails the same way.
  await error.getByRole("button", { name: "Try again" }).click();
  await error.getByText('There is no track "abc".').waitFor();
  await page.getByRole("link", { name: "Go to the home page" }).waitFor();
  await page.screenshot({ path: shot("issue13-route-error") });
  await phoneAndDark(page, "issue13-route-error", () =>
    error.getByRole("heading", { level: 1 }).waitFor(),
  );
});

test("a screen's code gone after a deploy reloads the page once, then says so inside the shell", async () => {
  // Requests the service worker answers never reach page.route: this page has none.
  const watched = await openPage(ctx.browser, {
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "block",
  });
  const { page } = watched;
  try {
    // The deploy replaced the register screen's file: the old name is gone.
    await page.route(/\/assets\/register-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, contentType: "text/plain", body: "gone" }),
    );
    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.goto(ctx.url);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(loads).toBe(1);
    await page.getByRole("link", { name: "Create a free account" }).click();
    // One reload to get the new build; the file is still gone, so the shell says so.
    const error = page.getByTestId("route-error");
    await error.getByRole("heading", { level: 1, name: "A new version is ready" }).waitFor();
    expect(loads).toBe(2);
    expect(await error.getAttribute("data-kind")).toBe("stale");
    await error.getByRole("button", { name: "Reload" }).waitFor();
    await expectShell(page);
    await page.screenshot({ path: shot("issue13-stale-chunk") });
  } finally {
    await watched.context.close();
  }
  const unexpected = watched.errors.filter(
    (e) => !/404|Failed to fetch dynamically imported module|register-/.test(e),
  );
  expect(unexpected, "console errors during the test").toEqual([]);
});
