/**
 * The library (issue 17) as a learner sees it. A guest searches for a word that only one lesson's
 * text has (found from the real curriculum), the results follow the typing into `?q=`, and the
 * hit opens that lesson; the language filter narrows the tracks; a word nothing has says so. A
 * signed-in learner who finishes a lesson sees their progress on the track and the tutorial.
 * Screenshots (desktop, 390 px phone, light and dark) go to docs/screenshots/issue-17/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { loadContent } from "@lumen/content";
import type { Page } from "playwright-core";
import { libraryDocs } from "../apps/server/src/library/library-docs.ts";
import { normalizeTerm } from "../apps/server/src/library/library-index.ts";
import { axeViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner } from "./support/learner.ts";
import { ROOT } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-17");
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 60_000 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A long word only one free lesson's prose has: not in any title, description or other lesson. */
function wordOnlyInOneLesson() {
  const docs = libraryDocs(loadContent(path.join(ROOT, "content")).catalog);
  const words = (text: string) => new Set(text.split(/[^\p{L}]+/u).map(normalizeTerm));
  const seen = new Map<string, number>();
  for (const doc of docs)
    for (const word of words(`${doc.title} ${doc.text}`)) seen.set(word, (seen.get(word) ?? 0) + 1);
  for (const doc of docs) {
    if (doc.kind !== "lesson" || !doc.free) continue;
    const word = [...words(doc.text)].find((w) => w.length >= 10 && seen.get(w) === 1);
    if (word) return { word, doc };
  }
  throw new Error("no word of the curriculum is in one lesson only");
}

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search the library" });

async function dark(page: Page) {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
}

test("a word only a lesson's text has finds that lesson, and the hit opens it", async ({
  watched,
}) => {
  const { page } = watched;
  const { word, doc } = wordOnlyInOneLesson();
  await page.goto(`${ctx.url}/web/library`);
  await page.getByRole("heading", { level: 1, name: "Library" }).waitFor(WAIT);
  await page.getByRole("heading", { level: 2, name: "Python" }).waitFor(WAIT);

  // The keyboard reaches the box with "/" and the results follow the typing.
  await page.keyboard.press("/");
  await expect
    .poll(() => searchBox(page).evaluate((el) => el === document.activeElement))
    .toBe(true);
  await page.keyboard.type(word, { delay: 20 });
  const results = page.getByRole("list", { name: "Search results" });
  const hit = results.getByRole("link", {
    name: new RegExp(doc.title.replace(/[.*+?^$|{}()[\]\\]/g, "\\$&")),
  });
  await hit.waitFor(WAIT);
  // Ranked first (typo-tolerant matches of other words may follow it).
  expect(await results.getByRole("link").first().getAttribute("href")).toBe(doc.href);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(word);
  expect((await hit.textContent())?.toLowerCase()).toContain(word.slice(0, 6));
  await page.screenshot({ path: path.join(SHOTS, "library-search-1280.png") });

  await hit.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`${ctx.url}${doc.href}`, WAIT);
  await page.getByRole("heading", { level: 1, name: doc.title }).waitFor(WAIT);
});

test("the language filter narrows the library, and a word nothing has says so", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(`${ctx.url}/web/library`);
  await page.getByRole("heading", { level: 2, name: "Python" }).waitFor(WAIT);
  expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(2);
  await page.getByLabel("Language").selectOption({ label: "SQL" });
  await expect.poll(() => new URL(page.url()).searchParams.get("language")).toBe("sql");
  await expect
    .poll(() => page.getByRole("heading", { level: 2 }).allTextContents())
    .toEqual(["SQL"]);

  // A tutorial opens to show its chapters.
  const sql = page.getByRole("region", { name: "SQL" });
  await sql.getByRole("button", { expanded: false }).first().click();
  await expect.poll(() => sql.getByRole("button", { expanded: true }).count()).toBe(1);
  await sql.getByRole("link").first().waitFor();

  await searchBox(page).fill("select");
  const results = page.getByRole("list", { name: "Search results" });
  await results.waitFor(WAIT);
  const trails = await results.getByRole("link").allTextContents();
  expect(trails.length).toBeGreaterThan(0);
  for (const text of trails) expect(text).toContain("SQL");

  await searchBox(page).fill("qwzxqwzx");
  await page.getByText("No results for “qwzxqwzx”.").waitFor(WAIT);
  await page.getByText(/Nothing matches these words/).waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("heading", { level: 2, name: "SQL" }).waitFor(WAIT);
});

test("a signed-in learner sees their progress after finishing a lesson", async ({ watched }) => {
  const { page } = watched;
  await registerLearner(page, ctx.url, "Katherine Johnson");
  await page.goto(`${ctx.url}/web/library?language=python`);
  const python = page.getByRole("region", { name: "Python" });
  await python.getByRole("progressbar", { name: "Python progress", exact: true }).waitFor(WAIT);
  expect(
    await python
      .getByRole("progressbar", { name: "Python progress", exact: true })
      .getAttribute("aria-valuenow"),
  ).toBe("0");

  // Continue on the first (explanation) lesson finishes it.
  await page.goto(`${ctx.url}/web/track/1/tutorial/101/chapter/10101/learn?lesson=0`);
  const counted = page.waitForResponse(
    (r) => r.url().endsWith("/v1/progress/lessons/1010101/complete"),
    WAIT,
  );
  await page.getByRole("button", { name: "Continue" }).click();
  expect((await counted).status()).toBe(200);

  await page.goto(`${ctx.url}/web/library?language=python`);
  const bar = page
    .getByRole("region", { name: "Python" })
    .getByRole("progressbar", { name: "Python progress", exact: true });
  await expect.poll(() => bar.getAttribute("aria-valuenow"), WAIT).toBe("1");
  await page
    .getByText(/^1 of \d+ lessons$/)
    .first()
    .waitFor(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "library-progress-1280.png"), fullPage: false });
});

test("screenshots and axe: desktop and phone, light and dark", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const scheme of ["light", "dark"] as const) {
      const watched = await openPage(ctx.browser, { viewport });
      const { page } = watched;
      try {
        await page.goto(`${ctx.url}/web/library`);
        await page.getByRole("heading", { level: 2, name: "Python" }).waitFor(WAIT);
        if (scheme === "dark") await dark(page);
        await page
          .getByRole("region", { name: "Python" })
          .getByRole("button", { expanded: false })
          .first()
          .click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(SHOTS, `library-${viewport.width}-${scheme}.png`),
        });
        expect(await axeViolations(page), `axe, browse, ${viewport.width} px ${scheme}`).toEqual(
          [],
        );
        await searchBox(page).fill("loop");
        await page.getByRole("list", { name: "Search results" }).waitFor(WAIT);
        await page.screenshot({
          path: path.join(SHOTS, `library-search-${viewport.width}-${scheme}.png`),
        });
        expect(await axeViolations(page), `axe, ${viewport.width} px ${scheme}`).toEqual([]);
        expect(watched.errors).toEqual([]);
      } finally {
        await watched.context.close();
      }
    }
  }
});
