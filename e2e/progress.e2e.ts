/**
 * Progress as a learner meets it, in Chromium (issue 7): pick a track, finish a chapter and watch
 * the daily goal count up and the streak become 1; earn coins and buy a freeze; finish a lesson
 * offline, come back and sync; finish a project tutorial and reach project-done; reload the
 * section page and land on the active section. Screenshots on a desktop, a 360 px phone and in
 * dark mode.
 *
 * Lessons before the one a test is about are completed through the API (the lesson screens have
 * their own tests); the lesson the test is about is finished through the lesson screen.
 */
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerSubscriber as signUpLearner } from "./support/learner.ts";
import { WEB_DIST } from "./support/server.ts";
import { solutionFiles } from "./support/solutions.ts";

// Serve a copy of the build, so that a rebuild while these slow tests run cannot swap the
// lazily loaded screens out from under the page.
const webDist = mkdtempSync(path.join(tmpdir(), "lumen-progress-web-"));
cpSync(WEB_DIST, webDist, { recursive: true });
const ctx = useServerAndBrowser({ WEB_DIST_DIR: webDist });
mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);
const PYTHON = 1;
const HELLO_PYTHON = 101;
const FIRST_STEPS = 10101;
const JAVASCRIPT = 2;
const GRADE_CALCULATOR = 205;
const GRADE_CHAPTER = 20501;

const registerLearner = (page: Page) => signUpLearner(page, ctx.url, "Katherine Johnson");

/**
 * Completes lessons of one chapter through the API as the signed-in learner, code lessons with
 * their solution files. `only` picks lessons by index; all of them when absent.
 */
async function completeThroughApi(
  page: Page,
  place: { trackId?: number; tutorialId: number; chapterId: number; only?: number[] },
): Promise<number> {
  return page.evaluate(
    async ({ trackId, tutorialId, chapterId, only }) => {
      const refreshToken = localStorage.getItem("lumen-refresh-token");
      const tokens = await fetch("/v1/auth/token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refreshToken }),
      }).then((r) => r.json());
      localStorage.setItem("lumen-refresh-token", tokens.refreshToken);
      const auth = { Authorization: `Bearer ${tokens.idToken}` };
      const chapter = await fetch(
        `/v1/tracks/${trackId}/tutorials/${tutorialId}/chapters/${chapterId}`,
        { headers: auth },
      ).then((r) => r.json());
      let xp = 0;
      for (const lesson of chapter.lessons) {
        if (only && !only.includes(lesson.index)) continue;
        const files = new Map<string, string>();
        for (const f of lesson.executableContent.files) files.set(f.name, f.content);
        for (const f of lesson.solution ?? []) files.set(f.name, f.content);
        const res = await fetch(`/v1/progress/lessons/${lesson.id}/complete`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({
            trackId,
            tutorialId,
            chapterId,
            trackVersion: chapter.trackVersion,
            files:
              lesson.type === "code" || lesson.type === "project"
                ? [...files].map(([name, content]) => ({ name, content }))
                : undefined,
            answer: lesson.type === "explanation" ? undefined : "answered",
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            clientEventId: crypto.randomUUID(),
          }),
        });
        if (!res.ok) throw new Error(`lesson ${lesson.id}: ${res.status} ${await res.text()}`);
        xp += (await res.json()).xpEarned;
      }
      return xp;
    },
    { trackId: PYTHON, only: undefined as number[] | undefined, ...place },
  );
}

/**
 * Finishes the open code lesson through the lesson screen: the author's solution is written into
 * each editable file as a paste would (typing would trigger the editor's auto-closing), then checked.
 */
async function passWithSolution(
  page: Page,
  place: { trackId: number; tutorialId: number; chapterId: number; index: number },
) {
  const files = (await solutionFiles(ctx.url, place)).filter((f) => !f.readonly);
  const editor = page.locator("[data-testid=code-editor] .cm-content");
  await editor.waitFor();
  for (const file of files) {
    const tab = page.getByRole("tab", { name: file.name });
    if (await tab.count()) await tab.click();
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(file.content);
  }
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect
    .poll(() => page.getByTestId("lesson-feedback").getAttribute("data-tone"), { timeout: 45_000 })
    .toBe("right");
}

async function noSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function phoneAndDark(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 360, height: 740 });
  await ready();
  await page.screenshot({ path: shot(`${name}-phone`), fullPage: true });
  await noSideways(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready();
  await page.screenshot({ path: shot(`${name}-dark`), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

test("a new learner picks a track, finishes a chapter, watches the daily goal fill and the streak become 1", async ({
  watched,
}) => {
  const { page } = watched;
  await registerLearner(page);
  // No track yet: the redirect sends the learner to pick one.
  await page.waitForURL(`${ctx.url}/web/tracks`);
  await page.getByRole("heading", { level: 1, name: "Pick a track" }).waitFor();
  await page.screenshot({ path: shot("progress-tracks"), fullPage: true });
  await page.getByRole("button", { name: /Python/ }).click();
  await page.waitForURL(`${ctx.url}/web/${PYTHON}/section/0`);
  await page.getByRole("heading", { level: 1, name: "Foundations" }).waitFor();
  await page.getByRole("article", { name: "Hello, Python: Up next" }).waitFor();
  await page
    .getByRole("article", { name: /: Locked$/ })
    .first()
    .waitFor();
  expect((await watched.context.cookies()).find((c) => c.name === "activeTrackId")).toMatchObject({
    value: String(PYTHON),
    sameSite: "Lax",
    secure: true,
  });

  // Choose the most ambitious goal, so that this chapter is what reaches it.
  await page.goto(`${ctx.url}/web/daily-goal`);
  await page.getByRole("button", { name: /Intense/ }).click();
  await expect
    .poll(() => page.getByRole("button", { name: /Intense/ }).getAttribute("aria-pressed"))
    .toBe("true");
  await page.getByText("of 50 XP today", { exact: true }).waitFor();

  // Five lessons of the chapter and one of the next: 40 XP, 10 short of the goal.
  expect(
    await completeThroughApi(page, {
      tutorialId: HELLO_PYTHON,
      chapterId: FIRST_STEPS,
      only: [0, 1, 2, 3, 4],
    }),
  ).toBe(35);
  expect(
    await completeThroughApi(page, { tutorialId: HELLO_PYTHON, chapterId: 10102, only: [0] }),
  ).toBe(5);

  await page.goto(
    `${ctx.url}/web/track/${PYTHON}/tutorial/${HELLO_PYTHON}/chapter/${FIRST_STEPS}/learn?lesson=5`,
  );
  await passWithSolution(page, {
    trackId: PYTHON,
    tutorialId: HELLO_PYTHON,
    chapterId: FIRST_STEPS,
    index: 5,
  });
  await page.getByRole("button", { name: "Finish chapter" }).click();
  await page.waitForURL(/\/web\/daily-goal\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("prevXPCount")).toBe("40");
  const count = page.getByTestId("xp-count");
  await count.waitFor();
  // It counts up from 40, passing through the numbers between, to 50.
  const seen = new Set<string>();
  await expect
    .poll(async () => {
      seen.add((await count.textContent()) ?? "");
      return count.textContent();
    })
    .toBe("50");
  expect([...seen].some((v) => Number(v) > 40 && Number(v) < 50) || seen.has("40")).toBe(true);
  await page.getByRole("heading", { level: 1, name: "Daily goal reached!" }).waitFor();
  await page.getByText("1 day streak!").waitFor();
  await page.getByRole("button", { name: "Streak: 1 day" }).waitFor();
  await page.screenshot({ path: shot("progress-daily-goal") });

  // Continue leads to the next chapter's first lesson.
  await page.getByRole("link", { name: "Continue" }).click();
  await page.waitForURL(
    `${ctx.url}/web/track/${PYTHON}/tutorial/${HELLO_PYTHON}/chapter/10102/learn?lesson=0`,
  );

  await page.goto(
    `${ctx.url}/web/daily-goal?trackId=1&tutorialId=101&chapterId=10101&sectionIndex=0&prevXPCount=40`,
  );
  await phoneAndDark(page, "progress-daily-goal", () => page.getByText("1 day streak!").waitFor());
}, 180_000);

test("coins earned from lessons buy a streak freeze; the dropdowns and calendar respond", async ({
  watched,
}) => {
  const { page } = watched;
  await registerLearner(page);
  // A whole tutorial: a coin a lesson, five a chapter, twenty for the tutorial.
  for (const chapterId of [10101, 10102, 10103]) {
    await completeThroughApi(page, { tutorialId: HELLO_PYTHON, chapterId });
  }
  await page.goto(`${ctx.url}/web/streak`);
  await page.getByRole("heading", { level: 1, name: "Your streak" }).waitFor();
  const coins = page.getByRole("button", { name: /^Coins: \d+$/ });
  await coins.waitFor();
  const before = Number((await coins.getAttribute("aria-label"))?.replace("Coins: ", ""));
  expect(before).toBeGreaterThanOrEqual(50);

  await page.getByRole("button", { name: "Buy a freeze for 50 coins" }).click();
  await page.getByText("Freeze bought. Your streak is safer now.").waitFor();
  await page.getByText(`1 of 2 owned · ${before - 50} coins`).waitFor();
  await page.getByRole("button", { name: `Coins: ${before - 50}` }).waitFor();

  // Today is on the calendar with the goal met; scrolling back shows last month.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  await expect
    .poll(() => page.locator(`[data-date="${today}"]`).getAttribute("data-state"))
    .toMatch(/^goal met/);
  const events = page.waitForRequest(
    (r) => r.url().endsWith("/v1/events") && (r.postData() ?? "").includes("calendar_scrolled"),
    { timeout: 10_000 },
  );
  const title = await page.locator("#calendar-title").textContent();
  await page.getByRole("button", { name: "Previous month" }).click();
  await expect.poll(() => page.locator("#calendar-title").textContent()).not.toBe(title);
  await events;
  await page.getByRole("button", { name: "Next month" }).click();
  await page.screenshot({ path: shot("progress-streak"), fullPage: true });

  await page.getByRole("button", { name: /^Streak: / }).click();
  await page.getByRole("menuitem", { name: "Open your streak calendar" }).waitFor();
  await page.screenshot({ path: shot("progress-streak-dropdown") });
  await page.keyboard.press("Escape");
  await coins.click();
  await page.getByRole("menuitem", { name: "Get a streak freeze" }).waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Community" }).click();
  await page.getByRole("menuitem", { name: "Community events" }).waitFor();
  await page.keyboard.press("Escape");

  await phoneAndDark(page, "progress-streak", () =>
    page.getByRole("heading", { level: 1, name: "Your streak" }).waitFor(),
  );
}, 180_000);

test("a lesson finished offline is queued, and synced when the learner is back", async ({
  watched,
}) => {
  const { page, context } = watched;
  await registerLearner(page);
  await page.goto(
    `${ctx.url}/web/track/${PYTHON}/tutorial/${HELLO_PYTHON}/chapter/${FIRST_STEPS}/learn?lesson=0`,
  );
  const next = page.getByRole("button", { name: "Continue" });
  await next.waitFor();
  // The failed requests while offline are the browser's own console lines.
  watched.allowed.push(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(true);
  await next.click();
  await page.getByText("Saved offline: 1 lesson").waitFor();
  expect(
    await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open("lumen-progress");
          open.onsuccess = () => {
            const req = open.result.transaction("completions").objectStore("completions").count();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          };
        }),
    ),
  ).toBe(1);

  // Back online, it syncs by itself and says so (issue 13, hooks/use-auto-sync.ts).
  const sync = page.waitForResponse((r) => r.url().endsWith("/v1/progress/sync"));
  await context.setOffline(false);
  expect((await sync).status()).toBe(200);
  await page.getByText("1 lesson synced").waitFor();
  await page.getByText(/^\+5 XP · \d+ XP today$/).waitFor();
  await page.screenshot({ path: shot("progress-offline-notice") });
  // Nothing is left to send, and the offline notice is gone.
  await page.goto(`${ctx.url}/web/syncProgress`);
  await page.getByRole("heading", { level: 1, name: "Everything is up to date" }).waitFor();
  expect(await page.getByText("Saved offline").count()).toBe(0);
});

test("finishing a project tutorial reaches project-done, and the link can be copied", async ({
  watched,
}) => {
  const { page, context } = watched;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ctx.url });
  await registerLearner(page);
  await completeThroughApi(page, {
    trackId: JAVASCRIPT,
    tutorialId: GRADE_CALCULATOR,
    chapterId: GRADE_CHAPTER,
    only: [0, 1, 2, 3, 4],
  });
  await page.goto(
    `${ctx.url}/web/track/${JAVASCRIPT}/tutorial/${GRADE_CALCULATOR}/chapter/${GRADE_CHAPTER}/learn?lesson=5`,
  );
  await passWithSolution(page, {
    trackId: JAVASCRIPT,
    tutorialId: GRADE_CALCULATOR,
    chapterId: GRADE_CHAPTER,
    index: 5,
  });
  await page.getByRole("button", { name: "Finish chapter" }).click();
  await page.waitForURL(/\/web\/project-done\?/);
  await page.getByRole("heading", { level: 1, name: "Grade calculator" }).waitFor();
  await page.getByText("You built it, step by step. Well done!").waitFor();
  await page.getByRole("heading", { name: "Your result" }).waitFor();
  await page.getByRole("figure").first().waitFor();
  await page.getByRole("button", { name: "Copy link" }).click();
  await page.getByRole("button", { name: "Copied!" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${ctx.url}/web/track/${JAVASCRIPT}/tutorial/${GRADE_CALCULATOR}/chapter/${GRADE_CHAPTER}/learn?lesson=0`,
  );
  await page.screenshot({ path: shot("progress-project-done"), fullPage: true });
  await phoneAndDark(page, "progress-project-done", () =>
    page.getByRole("heading", { level: 1, name: "Grade calculator" }).waitFor(),
  );
}, 180_000);

test("the section page remembers the active section across a reload and the redirects", async ({
  watched,
}) => {
  const { page } = watched;
  await registerLearner(page);
  // Starting a lesson of section 2 makes it the active section (viewing it does not, issue 13).
  const put = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/v1/tracks/${PYTHON}/sections/active`) && r.request().method() === "PUT",
  );
  await page.goto(`${ctx.url}/web/track/${PYTHON}/tutorial/103/chapter/10301/learn?lesson=0`);
  await page.getByRole("heading", { level: 1, name: "What is a list?" }).waitFor();
  expect((await put).status()).toBe(200);
  await expect
    .poll(
      async () =>
        (await page.context().cookies()).find((c) => c.name === `activeSection_${PYTHON}`)?.value,
    )
    .toBe("1");

  await page.goto(`${ctx.url}/web/${PYTHON}/section/active`);
  await page.waitForURL(`${ctx.url}/web/${PYTHON}/section/1`);
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Building programs" }).waitFor();
  await page.goto(`${ctx.url}/web/redirect-to-active-section`);
  await page.waitForURL(`${ctx.url}/web/${PYTHON}/section/1`);
  await page.getByRole("heading", { level: 1, name: "Building programs" }).waitFor();

  // Links in the path lead to the lessons.
  await page.getByRole("link", { name: "Foundations" }).click();
  await page.waitForURL(`${ctx.url}/web/${PYTHON}/section/0`);
  await page.getByRole("heading", { level: 1, name: "Foundations" }).waitFor();
  const lessonLink = page
    .getByRole("article", { name: "Hello, Python: Up next" })
    .getByRole("link")
    .first();
  expect(await lessonLink.getAttribute("href")).toBe(
    `/web/track/${PYTHON}/tutorial/${HELLO_PYTHON}/chapter/${FIRST_STEPS}/learn?lesson=0`,
  );
  await page.screenshot({ path: shot("progress-section"), fullPage: true });
  await phoneAndDark(page, "progress-section", () =>
    page.getByRole("heading", { level: 1, name: "Foundations" }).waitFor(),
  );
});
