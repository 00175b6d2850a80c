/**
 * axe-core over every screen of the route table (SCREEN_ROUTES, spec section 2) and the lesson
 * kinds, as a guest and as a signed-in learner, in the light and the dark theme (issue 13): each
 * screen is loaded once and scanned in both themes (the app follows the colour scheme). Each
 * test collects every violation and fails with the whole list, so one run shows all there is to fix.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ADMIN_SCREENS, SCREEN_ROUTES } from "@lumen/contracts";
import type { Page } from "playwright-core";
import { openPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner } from "./support/learner.ts";

const ctx = useServerAndBrowser();
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** A real address for each route shape: ids from the starter curriculum. */
const EXAMPLE_PARAMS: Record<string, string> = {
  $trackId: "1",
  $tutorialId: "101",
  $chapterId: "10101",
  $sectionIndex: "0",
  $language: "html",
  $slug: "element",
  $id: "1",
  $code: "demo",
};
const LESSON_QUERY: Record<string, string> = {
  "/web/daily-goal": "?trackId=1&tutorialId=101&chapterId=10101&sectionIndex=0&prevXPCount=0",
  "/web/syncProgress": "?trackId=1&tutorialId=101&chapterId=10101&sectionIndex=0",
  "/web/project-done": "?trackId=1&tutorialId=101&chapterId=10101&sectionIndex=0",
};

function exampleAddress(path: string): string {
  const filled = path
    .split("/")
    .map((seg) => (seg.startsWith("$") ? (EXAMPLE_PARAMS[seg] ?? "1") : seg))
    .join("/");
  return `${filled}${LESSON_QUERY[path] ?? ""}`;
}

/** Lessons of each kind, so every lesson screen's parts are scanned. */
const LESSON_PAGES = [
  "/web/track/1/tutorial/101/chapter/10101/learn?lesson=0",
  "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1",
  "/web/track/1/tutorial/101/chapter/10101/learn?lesson=2",
  "/web/track/1/tutorial/101/chapter/10101/challenge",
  "/web/track/1/tutorial/101/chapter/10101/tutor",
];

const ADDRESSES = [
  ...new Set([
    // The admin console's pages: a guest is sent to sign in and a learner sees the one 403
    // page, so /admin stands for them all here (admin-*.e2e.ts scan them as an admin).
    ...SCREEN_ROUTES.filter(
      (route) =>
        !route.path.startsWith("/ssr") &&
        !(route.path.startsWith("/admin/") && ADMIN_SCREENS.includes(route.path as never)),
    ).map((route) => exampleAddress(route.path)),
    ...LESSON_PAGES,
    "/no-such-page",
  ]),
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Waits for the screen to settle: the route's progress bar gone and the main region drawn. */
async function settle(page: Page) {
  await page.getByRole("main").waitFor({ timeout: 30_000 });
  await page
    .getByRole("progressbar", { name: "Loading page" })
    .waitFor({ state: "detached", timeout: 30_000 });
  // Every screen names itself with one h1 (axe: page-has-heading-one); a lazily loaded lesson
  // kind draws it once its code has arrived.
  await page.locator("h1").first().waitFor({ timeout: 30_000 });
  // Fonts and the theme's transitions must be done before colours are measured.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

async function scan(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      resultTypes: ["violations"],
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/**
 * Scans once the screen holds still. Under load a screen can still be moving when the first scan
 * runs (a signed-in learner's login page redirecting to the app; a page reloading for a new
 * service worker): a scan that finds something is repeated after the page settles again, and
 * only what the screen still shows then is reported. A real violation is found every time.
 */
async function scanSettled(page: Page): Promise<Violation[]> {
  let violations: Violation[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const url = page.url();
    violations = await scan(page);
    if (violations.length === 0) return violations;
    await page.waitForLoadState("load");
    await settle(page);
    if (page.url() === url && attempt > 0) return violations;
  }
  return violations;
}

function describe(address: string, theme: string, violations: Violation[]): string[] {
  return violations.map(
    (v) =>
      `${theme} ${address}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes
        .map((n) => `    ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\n/g, " ")}`)
        .join("\n")}`,
  );
}

/**
 * The colour scheme the app follows (the theme choice is "system"), then the `dark` class it sets:
 * each screen is loaded once and scanned in both themes.
 */
async function useTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains("dark") === dark,
    theme === "dark",
    { timeout: 30_000 },
  );
  // The theme's colour transitions must be over before contrast is measured.
  await page.waitForTimeout(300);
}

for (const who of ["guest", "learner"] as const) {
  test(`axe finds no violation on any screen: ${who}, light and dark themes`, {
    timeout: 900_000,
  }, async () => {
    const watched = await openPage(ctx.browser, {
      viewport: { width: 1280, height: 900 },
      colorScheme: "light",
      reducedMotion: "reduce",
    });
    const { page } = watched;
    await page.addInitScript(() => {
      try {
        localStorage.setItem("lumen-theme", "system");
      } catch {}
    });
    if (who === "learner") await registerLearner(page, ctx.url);
    const found: string[] = [];
    for (const address of ADDRESSES) {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(`${ctx.url}${address}`);
      await settle(page);
      for (const theme of ["light", "dark"] as const) {
        await useTheme(page, theme);
        found.push(...describe(address, theme, await scanSettled(page)));
      }
    }
    await watched.context.close();
    expect(found, found.join("\n")).toEqual([]);
  });
}
