import path from "node:path";
import { bucket, EXPERIMENTS, type ExperimentName } from "@lumen/core";
import type { Page } from "playwright-core";
import { axeViolations } from "./support/axe.ts";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser({ EXPERIMENTS_PAUSED: "false" });
const shot = (name: string) => path.join(SCREENSHOT_DIR, `issue14-experiment-${name}.png`);
const ANON_KEY = "lumen-anonymous-id";
const REFRESH_TOKEN_KEY = "lumen-refresh-token";

/** The first visitor id of this run that falls into the variant's bucket. */
function visitorFor(name: ExperimentName, variant: string, salt: string): string {
  const variants: readonly string[] = EXPERIMENTS[name].variants;
  const index = variants.indexOf(variant);
  for (let i = 0; ; i++) {
    const id = `e2e-${salt}-${i}`;
    if (bucket(`${name}:${id}`, variants.length) === index) return id;
  }
}

/** The page's visitor id, set before the app reads it. */
async function asVisitor(page: Page, visitorId: string) {
  await page.addInitScript(
    ([key, id]) => {
      if (window !== window.top) return;
      localStorage.setItem(key, id);
    },
    [ANON_KEY, visitorId] as const,
  );
}

/** Waits for the exposure of NAME that the page sends when it first shows the variant. */
const exposure = (page: Page, name: string) =>
  page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith(`/v1/experiments/${name}/exposures`),
    { timeout: 60_000 },
  );

const salt = String(Date.now());
/** A fresh browser of its own for one visitor, watched for console errors like the fixture's. */
async function visitorPage(visitorId: string, viewport: { width: number; height: number }) {
  const watched = await openPage(ctx.browser, { viewport });
  await asVisitor(watched.page, visitorId);
  return watched;
}

async function closeVisitor(watched: WatchedPage) {
  await watched.context.close();
  expect(watched.errors, "console errors in the visitor's browser").toEqual([]);
}

test("landing-page-variant: the original and the second landing page", async ({ watched }) => {
  const { page } = watched;
  const name = "landing-page-variant";
  for (const [variant, heading] of [
    ["original", "Learn to code, one small win at a time."],
    ["variant", "Make coding a daily habit."],
  ] as const) {
    const watchedVisitor = await visitorPage(visitorFor(name, variant, `${salt}-landing`), {
      width: 1280,
      height: 800,
    });
    const visitor = watchedVisitor.page;
    const exposed = exposure(visitor, name);
    await visitor.goto(`${ctx.url}/`);
    await visitor.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 60_000 });
    const answer = await exposed;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ variant });
    // Both pages keep the two ways in.
    await visitor.getByRole("link", { name: "Start learning" }).waitFor();
    await visitor.getByRole("link", { name: "Create a free account" }).waitFor();
    await visitor.screenshot({ path: shot(`landing-${variant}`), fullPage: true });
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.setViewportSize({ width: 360, height: 740 });
    await visitor.screenshot({ path: shot(`landing-${variant}-360`), fullPage: true });
    await closeVisitor(watchedVisitor);
  }
  await page.goto(`${ctx.url}/`);
  await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 60_000 });
}, 180_000);

test("glossary-fixed-cta-variations: the fixed call to action to learn daily", async ({
  watched,
}) => {
  const { page } = watched;
  const name = "glossary-fixed-cta-variations";
  for (const variant of ["original", "variant_learn_daily"] as const) {
    const visitor = await visitorPage(visitorFor(name, variant, `${salt}-glossary`), {
      width: 360,
      height: 740,
    });
    const tab = visitor.page;
    const exposed = exposure(tab, name);
    await tab.goto(`${ctx.url}/glossary/python`);
    await tab.getByRole("heading", { level: 1, name: "Glossary" }).waitFor({ timeout: 60_000 });
    expect((await exposed).status()).toBe(201);
    const bar = tab.getByRole("complementary", { name: "Learn daily" });
    if (variant === "variant_learn_daily") {
      await bar.getByRole("link", { name: "Start a lesson" }).waitFor();
      const box = await bar.boundingBox();
      // Fixed to the bottom of the window.
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);
    } else {
      expect(await bar.count()).toBe(0);
    }
    await tab.screenshot({ path: shot(`glossary-${variant}-360`) });
    expect(await axeViolations(tab)).toEqual([]);
    if (variant === "variant_learn_daily") {
      await tab.emulateMedia({ colorScheme: "dark" });
      await tab.evaluate(() => document.documentElement.classList.add("dark"));
      await tab.screenshot({ path: shot(`glossary-${variant}-360-dark`) });
      expect(await axeViolations(tab)).toEqual([]);
      await bar.getByRole("link", { name: "Start a lesson" }).click();
      await tab.waitForURL(`${ctx.url}/web/tracks`);
    }
    await closeVisitor(visitor);
  }
  await page.goto(`${ctx.url}/glossary/python`);
  await page.getByRole("heading", { level: 1, name: "Glossary" }).waitFor({ timeout: 60_000 });
}, 180_000);

test("optional-guided-project-in-path: the project as today, marked optional, or left out", async ({
  watched,
}) => {
  const { page } = watched;
  const name = "optional-guided-project-in-path";
  const project = "Project: Shopping list";
  for (const variant of EXPERIMENTS[name].variants) {
    const visitor = await visitorPage(visitorFor(name, variant, `${salt}-path`), {
      width: 1280,
      height: 900,
    });
    const tab = visitor.page;
    const exposed = exposure(tab, name);
    await tab.goto(`${ctx.url}/web/1/section/1`);
    await tab
      .getByRole("heading", { level: 1, name: "Building programs" })
      .waitFor({ timeout: 60_000 });
    expect((await exposed).status()).toBe(201);
    const card = tab.getByRole("article", { name: new RegExp(`^${project}`) });
    const tutorials = tab.getByRole("list", { name: "Tutorials" });
    await tutorials.getByRole("heading", { name: "Lists and functions" }).waitFor();
    if (variant === "variant2_no_optional_projects") {
      await expect.poll(() => card.count()).toBe(0);
    } else {
      await card.waitFor();
      const optional = card.getByText("Optional", { exact: true });
      if (variant === "variant1_optional_in_path") await optional.waitFor();
      else expect(await optional.count()).toBe(0);
    }
    await tab.screenshot({ path: shot(`path-${variant}`), fullPage: true });
    expect(await axeViolations(tab)).toEqual([]);
    await closeVisitor(visitor);
  }
  await page.goto(`${ctx.url}/web/1/section/1`);
  await page
    .getByRole("heading", { level: 1, name: "Building programs" })
    .waitFor({ timeout: 60_000 });
}, 180_000);

test("the admin switches demo-ab-test on and the console shows its exposures", async ({
  watched,
}) => {
  const { page } = watched;
  const name = "demo-ab-test";
  const signIn = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@lumen.localhost", password: "admin-demo" }),
  });
  expect(signIn.status).toBe(200);
  const { refreshToken } = (await signIn.json()) as { refreshToken: string };
  await page.addInitScript(
    ([key, token]) => {
      if (window !== window.top || localStorage.getItem("e2e-admin")) return;
      localStorage.setItem("e2e-admin", "1");
      localStorage.setItem(key, token);
    },
    [REFRESH_TOKEN_KEY, refreshToken] as const,
  );
  await page.goto(`${ctx.url}/admin/experiments`);
  const card = page.locator(`section[data-experiment="${name}"]`);
  await card.getByRole("heading", { name }).waitFor({ timeout: 60_000 });
  const toggle = card.getByRole("switch", { name: "Active" });
  expect(await toggle.getAttribute("aria-checked")).toBe("false");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().endsWith(`/v1/admin/experiments/${name}`),
  );
  await toggle.click();
  expect((await saved).status()).toBe(204);
  await expect.poll(() => toggle.getAttribute("aria-checked"), { timeout: 30_000 }).toBe("true");
  await card.getByText("Running", { exact: true }).waitFor();
  await card.getByLabel("Conversion metric").selectOption("pageview");

  // demo-ab-test has no screen of its own: two visitors, one in each bucket, are exposed through
  // the API the app uses, and one of them converts.
  for (const variant of EXPERIMENTS[name].variants) {
    const visitorId = visitorFor(name, variant, `${salt}-demo`);
    const res = await fetch(`${ctx.url}/v1/experiments/${name}/exposures`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-visitor-id": visitorId },
      body: JSON.stringify({ variant }),
    });
    expect(res.status).toBe(201);
    if (variant === "variant") {
      const event = await fetch(`${ctx.url}/v1/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          events: [
            {
              name: "pageview",
              properties: {},
              anonymousId: visitorId,
              at: new Date().toISOString(),
            },
          ],
        }),
      });
      expect(event.status).toBe(202);
    }
  }
  await page.reload();
  await card.getByRole("heading", { name }).waitFor({ timeout: 60_000 });
  for (const variant of EXPERIMENTS[name].variants) {
    const row = card.locator(`tr[data-variant="${variant}"]`);
    await expect.poll(() => row.getByTestId("exposed").textContent()).toBe("1");
  }
  await card.locator('tr[data-variant="variant"]').getByText("100 %", { exact: true }).waitFor();
  await card.screenshot({ path: shot("console-demo-ab-test") });
  await page.screenshot({ path: shot("console"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await page.screenshot({ path: shot("console-360-dark"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
}, 180_000);
