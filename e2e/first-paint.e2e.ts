/**
 * A lesson opened by its address paints before the app's code arrives (ADR 0015): the server
 * draws the lesson into the page, the page carries the catalog answers, and the app takes over
 * in one frame, without moving anything. In Chromium, on a desktop and on a phone in dark mode.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

const LESSON = "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1";
const CHAPTER_API = "/v1/tracks/1/tutorials/101/chapters/10101";

/** Sums the page's layout shifts from its first moment, as the CLS metric counts them. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { __shifts: number };
    record.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) record.__shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test("with no JavaScript at all, the lesson is readable from the server's page", async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${ctx.url}${LESSON}`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Print a greeting");
    expect(await page.getByText("Lesson 2 of").textContent()).toMatch(/^Lesson 2 of \d+$/);
    expect(await page.locator("#first-paint").getByText("Hello, world!").count()).toBeGreaterThan(
      0,
    );
    await page.screenshot({ path: shot("first-paint-no-js") });
  } finally {
    await context.close();
  }
});

test("the app takes over the drawn lesson in place, with the data that came in the page", async ({
  watched,
}) => {
  const { page } = watched;
  await watchLayoutShifts(page);
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === CHAPTER_API) apiCalls.push(request.url());
  });
  await page.goto(`${ctx.url}${LESSON}`);
  await page.getByTestId("lesson-screen").waitFor();
  await page.locator("[data-testid=code-editor] .cm-content").waitFor();
  // The server's drawing is gone; one title is left, the app's.
  expect(await page.locator("#first-paint").count()).toBe(0);
  const titles = page.getByRole("heading", { level: 1 });
  expect(await titles.count()).toBe(1);
  expect(await titles.textContent()).toBe("Print a greeting");
  // The screen is the app's: its buttons work.
  await page.getByRole("button", { name: /Show a hint/ }).click();
  expect(apiCalls, "the chapter came inside the page").toEqual([]);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
  expect(shifts).toBeLessThan(0.01);
});

test("on a phone in dark mode the drawn lesson and the app's screen look the same", async ({
  watched,
}) => {
  const { page } = watched;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await watchLayoutShifts(page);
  await page.goto(`${ctx.url}${LESSON}`);
  await page.getByTestId("lesson-screen").waitFor();
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(dark).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
  expect(shifts).toBeLessThan(0.01);
  await page.screenshot({ path: shot("first-paint-phone-dark") });
});

test("a lesson address without ?lesson= opens as before, where the learner left off", async ({
  watched,
}) => {
  const { page } = watched;
  const html = await (
    await fetch(`${ctx.url}/web/track/1/tutorial/101/chapter/10101/learn`)
  ).text();
  expect(html).not.toContain('id="first-paint"');
  await page.goto(`${ctx.url}/web/track/1/tutorial/101/chapter/10101/learn`);
  await page.getByTestId("lesson-screen").waitFor();
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("What is Python?");
});
