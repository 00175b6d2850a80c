/**
 * Analytics in the browser (issue 14). The consent banner: with a tag manager and a pixel
 * configured, nothing of theirs is requested before the visitor accepts; after "Accept" the tag
 * manager's script loads, events reach `window.dataLayer`, the choice is kept (localStorage and
 * a 1-day cookie) and our own POST /v1/events batch carries the same events; "Decline" keeps every
 * third party away. The console: the analytics page draws its charts from the demo analytics
 * seeded at start (SEED_DEMO_ANALYTICS), as the demo admin, whose page load records the visit
 * (POST /v1/user/visits {appName:'web'}, spec section 7); screenshots light and 360 px dark.
 * The third parties are faked with Playwright routes: no request leaves the machine.
 */
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { openPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";

const TAGS = "https://tags.analytics.test";
const PIXEL = "https://px.analytics.test";
const ctx = useServerAndBrowser({
  SEED_DEMO_ANALYTICS: "true",
  TAG_MANAGER_URL: `${TAGS}/gtm.js?id=GTM-E2E`,
  AD_PIXEL_URL: `${PIXEL}/p.gif?id=e2e`,
});
const shot = (name: string) => path.join(SCREENSHOT_DIR, `issue14-analytics-${name}.png`);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Fakes the third parties; answers the list of their requests seen so far. */
async function fakeThirdParties(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(/^https:\/\/[a-z]+\.analytics\.test\//, (route) => {
    const url = route.request().url();
    seen.push(url);
    return url.startsWith(TAGS)
      ? route.fulfill({ contentType: "text/javascript", body: "window.__tagsLoaded = true;" })
      : route.fulfill({ contentType: "image/gif", body: GIF });
  });
  return seen;
}

const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event),
  );

test("no third party before consent; after Accept, events reach the data layer", async ({
  watched,
}) => {
  const { page, context } = watched;
  const seen = await fakeThirdParties(context);
  const ownBatch = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/v1/events"),
    { timeout: 60_000 },
  );
  await page.goto(`${ctx.url}/`);
  const banner = page.getByRole("region", { name: "Cookies and analytics" });
  await banner.waitFor({ timeout: 60_000 });
  // Our own first-party batch leaves without consent (ADR 0042) and carries the pageview...
  const batch = (await ownBatch).postDataJSON() as { events: Array<{ name: string }> };
  expect(batch.events.map((e) => e.name)).toContain("pageview");
  // ...but nothing third-party has been asked for, loaded or fed.
  expect(seen).toEqual([]);
  expect(await page.locator("script[data-third-party]").count()).toBe(0);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  await page.screenshot({ path: shot("consent-banner") });

  const tagScript = page.waitForRequest((r) => r.url().startsWith(TAGS), { timeout: 30_000 });
  await banner.getByRole("button", { name: "Accept" }).click();
  await tagScript;
  await banner.waitFor({ state: "detached" });
  await page.waitForFunction(() => (window as { __tagsLoaded?: boolean }).__tagsLoaded === true);
  // A new screen is a pageview: it reaches the data layer and the pixel.
  const pixel = page.waitForRequest((r) => r.url().startsWith(`${PIXEL}/p.gif`), {
    timeout: 30_000,
  });
  await page
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link", { name: "Library" })
    .click();
  expect(new URL((await pixel).url()).searchParams.get("ev")).toBe("pageview");
  await page.waitForFunction(() =>
    ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).some(
      (e) => e.event === "pageview",
    ),
  );
  expect(await dataLayerEvents(page)).toEqual(expect.arrayContaining(["gtm.js", "pageview"]));

  // The choice is kept: in localStorage, and in the analytics cookie for 1 day.
  expect(await page.evaluate(() => localStorage.getItem("lumen-analytics-consent"))).toBe(
    "granted",
  );
  const cookie = (await context.cookies()).find((c) => c.name === "lumen_analytics_consent");
  expect(cookie?.value).toBe("granted");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(86_400 - 600);
  expect(lifetime).toBeLessThanOrEqual(86_400 + 1);
  await page.reload();
  await page.waitForFunction(() => (window as { __tagsLoaded?: boolean }).__tagsLoaded === true, {
    timeout: 60_000,
  });
  expect(await banner.count()).toBe(0);
});

test("Decline keeps every third party away", async ({ watched }) => {
  const { page, context } = watched;
  const seen = await fakeThirdParties(context);
  await page.goto(`${ctx.url}/`);
  const banner = page.getByRole("region", { name: "Cookies and analytics" });
  await banner.getByRole("button", { name: "Decline" }).click({ timeout: 60_000 });
  await banner.waitFor({ state: "detached" });
  const ownBatch = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/v1/events"),
    { timeout: 60_000 },
  );
  await page
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link", { name: "Library" })
    .click();
  await ownBatch;
  expect(seen).toEqual([]);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
});

/** Signs the page in as the demo admin, with the banner already answered (declined). */
async function asAdmin(page: Page) {
  const signIn = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@lumen.localhost", password: "admin-demo" }),
  });
  expect(signIn.status).toBe(200);
  const { refreshToken } = (await signIn.json()) as { refreshToken: string };
  await page.addInitScript((token) => {
    if (window !== window.top || localStorage.getItem("e2e-admin")) return;
    localStorage.setItem("e2e-admin", "1");
    localStorage.setItem("lumen-refresh-token", token);
    localStorage.setItem("lumen-analytics-consent", "denied");
  }, refreshToken);
}

async function openAnalytics(page: Page) {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 41 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${ctx.url}/admin/analytics?from=${from}&to=${to}`);
  await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor({ timeout: 60_000 });
  const figures = page.getByTestId("analytics-figures");
  await figures.waitFor({ timeout: 60_000 });
  // Five charts (daily learners, lessons, one funnel per seeded track..., streaks, events).
  await page.waitForFunction(() => document.querySelectorAll(".recharts-surface").length >= 5, {
    timeout: 60_000,
  });
  await page
    .locator(".recharts-line-curve, .recharts-bar-rectangle")
    .first()
    .waitFor({ timeout: 60_000 });
  return figures;
}

test("the analytics page draws its charts from the seeded data", async ({ watched }) => {
  const { page } = watched;
  await asAdmin(page);
  // Spec section 7: a signed-in page load records the visit.
  const visit = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/v1/user/visits"),
    { timeout: 60_000 },
  );
  const figures = await openAnalytics(page);
  const visitRequest = await visit;
  expect(visitRequest.postDataJSON()).toEqual({ appName: "web" });
  expect(await visitRequest.headerValue("authorization")).toMatch(/^Bearer \S+$/);
  for (const title of [
    "Daily active learners",
    "Lessons finished per day",
    "Funnel per track",
    "Streak distribution",
    "Retention by sign-up week",
    "Events per name",
  ]) {
    await figures.getByRole("heading", { level: 2, name: title }).waitFor();
  }
  const cohorts = page.getByTestId("cohort-table").locator("tbody tr");
  expect(await cohorts.count()).toBeGreaterThanOrEqual(5);
  // The chart's figures are there as text: the funnel's first step has learners.
  await figures.getByText("Show as a table").first().click();
  const firstDay = figures.locator("table").first().locator("tbody tr");
  expect(await firstDay.count()).toBe(42);
  await page.screenshot({ path: shot("page-light"), fullPage: true });

  // The track filter is a typed search param.
  await page.getByRole("combobox", { name: "Track" }).selectOption({ index: 1 });
  await page.waitForURL(/track=\d+/, { timeout: 30_000 });
  await page.waitForFunction(
    () => document.querySelectorAll("[data-testid=analytics-figures] h3").length === 1,
    { timeout: 60_000 },
  );
});

test("the analytics page at 360 px in the dark theme", async () => {
  const watched = await openPage(ctx.browser, {
    viewport: { width: 360, height: 800 },
    colorScheme: "dark",
  });
  const { page } = watched;
  // The theme follows the system's (colorScheme): a stored choice would sync to the account.
  await asAdmin(page);
  await openAnalytics(page);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await page.screenshot({ path: shot("page-360-dark"), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await watched.context.close();
  expect(watched.errors, "console errors at 360 px").toEqual([]);
});
