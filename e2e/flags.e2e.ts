/**
 * Feature flags in the browser (issue 14): the admin turns exampleFlag on for one learner in the
 * console and that learner's open home page shows it without a reload, while another learner's
 * does not; the admin gives aiModelOverride a model name; a course engineer's override cookie,
 * set from the developer toolbar (on a lesson and on other screens), flips a flag for their
 * browser only; a learner never has the toolbar, and gets it on their open page without a reload
 * once granted the course engineer role (and loses it when the role goes); a cookie that cannot
 * be parsed logs the spec's text and the defaults apply; a learner's hand-made cookie changes
 * nothing. Flags are read again every 5 s here.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page, Response } from "playwright-core";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner } from "./support/learner.ts";

const ctx = useServerAndBrowser({ FLAGS_REFRESH_SECONDS: "5" });
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const COOKIE = "lumen_feature_overrides";
const ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };
const ENGINEER = { email: "engineer@lumen.localhost", password: "engineer-demo" };
const LESSON = "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1";
const BANNER = "Example flag is on";
const HERO = "Learn to code, one small win at a time.";
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe-core's violations on PAGE, as "rule: targets" lines, once the pointer is off the controls
 * (a hovered button has other colours) and every running transition has ended.
 */
async function axeViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { resultTypes: ["violations"] })) as {
      violations: { id: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
}

/** A browser of its own, signed in as a demo account through the session the app restores. */
async function signedInPage(
  account: { email: string; password: string },
  options: Parameters<typeof openPage>[1] = { viewport: { width: 1280, height: 800 } },
): Promise<WatchedPage> {
  const res = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(res.status, `sign-in of ${account.email}`).toBe(200);
  const { refreshToken } = (await res.json()) as { refreshToken: string };
  const watched = await openPage(ctx.browser, options);
  await watched.page.addInitScript(
    ([key, token]) => {
      if (window !== window.top || localStorage.getItem("e2e-signed-in")) return;
      localStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, token);
    },
    [REFRESH_TOKEN_KEY, refreshToken] as const,
  );
  return watched;
}

async function close(watched: WatchedPage) {
  await watched.context.close();
  expect(watched.errors, "console errors in that browser").toEqual([]);
}

type FlagsBody = {
  flags: Record<string, boolean>;
  values: Record<string, string | null>;
  overrides: string;
};

/**
 * The body of the next answer of GET /v1/flags that PAGE receives (signed in: with a bearer
 * token; with `cookie`, only one whose request did or did not carry the override cookie). An
 * answer whose body is gone (its page navigated away) does not count.
 */
async function flagsAnswer(page: Page, signedIn = true, cookie?: boolean): Promise<FlagsBody> {
  let body: FlagsBody | undefined;
  await page.waitForResponse(
    async (r: Response) => {
      if (!r.url().endsWith("/v1/flags") || r.request().method() !== "GET") return false;
      const headers = await r.request().allHeaders();
      if (signedIn && headers.authorization === undefined) return false;
      if (cookie !== undefined && (headers.cookie ?? "").includes(`${COOKIE}=`) !== cookie)
        return false;
      try {
        body = (await r.json()) as FlagsBody;
        return true;
      } catch {
        return false;
      }
    },
    { timeout: 60_000 },
  );
  if (!body) throw new Error("no flags answer");
  return body;
}

async function openHome(page: Page, signedIn = true) {
  const answered = flagsAnswer(page, signedIn);
  await page.goto(`${ctx.url}/`);
  await page.getByRole("heading", { level: 1, name: HERO }).waitFor({ timeout: 60_000 });
  return answered;
}

const banner = (page: Page) => page.getByRole("heading", { name: BANNER });
const devTools = (page: Page) => page.getByRole("complementary", { name: "Developer tools" });

/** An admin's ID token, for the console's API. */
async function adminToken(): Promise<string> {
  const res = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

async function setRoles(userId: string, roles: string[]) {
  const res = await fetch(`${ctx.url}/v1/admin/users/${userId}/roles`, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${await adminToken()}`,
    },
    body: JSON.stringify({ roles }),
  });
  expect(res.status, `roles of ${userId}`).toBe(200);
}

const overrideCookie = (value: string) => ({
  name: COOKIE,
  value: encodeURIComponent(value),
  url: ctx.url,
});

test("the admin turns exampleFlag on for one learner: their open page shows it, another's does not", async ({
  watched,
}) => {
  const chosen = watched.page;
  const learner = await registerLearner(chosen, ctx.url, "Ada Lovelace");
  const first = await openHome(chosen);
  expect(first.flags.exampleFlag).toBe(false);
  expect(await banner(chosen).count()).toBe(0);

  const other = await openPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
  await registerLearner(other.page, ctx.url, "Alan Turing");
  await openHome(other.page);

  const admin = await signedInPage(ADMIN);
  await admin.page.goto(`${ctx.url}/admin/flags`);
  await admin.page
    .getByRole("heading", { level: 1, name: "Feature flags" })
    .waitFor({ timeout: 60_000 });
  await admin.page.getByRole("button", { name: "Edit exampleFlag" }).click();
  const form = admin.page.getByRole("form", { name: "Rule of exampleFlag" });
  await form.getByLabel("On for users").fill(learner.email);
  const saved = admin.page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().endsWith("/v1/admin/flags/exampleFlag"),
  );
  await form.getByRole("button", { name: "Save rule" }).click();
  expect((await saved).status()).toBe(200);
  await form.getByText("Saved.").waitFor();
  await admin.page.getByText("1 user", { exact: true }).waitFor();

  // No reload: the learner's page reads its flags again on its own (every 5 s here).
  await banner(chosen).waitFor({ timeout: 60_000 });
  expect(chosen.url()).toBe(`${ctx.url}/`);
  expect(await axeViolations(chosen)).toEqual([]);
  // The other learner's page asks again too, and is told no.
  const otherAnswer = await flagsAnswer(other.page);
  expect(otherAnswer.flags.exampleFlag).toBe(false);
  expect(await banner(other.page).count()).toBe(0);

  await close(other);
  await close(admin);
}, 240_000);

test("the admin flags page at 360 px in dark mode", async () => {
  const admin = await signedInPage(ADMIN, {
    viewport: { width: 360, height: 800 },
    colorScheme: "dark",
  });
  const { page } = admin;
  await page.goto(`${ctx.url}/admin/flags`);
  await page.getByRole("heading", { level: 1, name: "Feature flags" }).waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Edit enableDiffView" }).click();
  const diffView = page.getByRole("form", { name: "Rule of enableDiffView" });
  await diffView.waitFor();
  // Only the valued flag takes a model name.
  expect(await diffView.getByLabel(/^Model/).count()).toBe(0);
  await page.getByRole("button", { name: "Edit aiModelOverride" }).click();
  const form = page.getByRole("form", { name: "Rule of aiModelOverride" });
  await form.getByLabel("On for users").fill(ADMIN.email);
  await form.getByLabel(/^Model/).fill("two words");
  await form.getByRole("button", { name: "Save rule" }).click();
  await form.getByText("Up to 100 letters").waitFor();
  await form.getByLabel(/^Model/).fill("gpt-4o-mini");
  await form.getByRole("button", { name: "Save rule" }).click();
  await form.getByText("Saved.").waitFor();
  await page.getByText("Model: gpt-4o-mini", { exact: true }).waitFor();
  // The admin's own page reads the model name through the flags (every 5 s here).
  await expect
    .poll(async () => (await flagsAnswer(page)).values.aiModelOverride, { timeout: 60_000 })
    .toBe("gpt-4o-mini");
  // Nothing wider than the screen, and nothing axe objects to.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, "issue14-admin-flags-360-dark.png"),
    fullPage: true,
  });
  await close(admin);
}, 120_000);

test("a course engineer's override from the toolbar flips a flag for their browser only", async ({
  watched,
}) => {
  const engineer = await signedInPage(ENGINEER);
  const { page } = engineer;
  // On a lesson: the lesson's own tools, and the developer toolbar with the overrides.
  await page.goto(`${ctx.url}${LESSON}`);
  await page.getByRole("complementary", { name: "Course engineer tools" }).waitFor({
    timeout: 60_000,
  });
  const tools = devTools(page);
  await tools.getByText("Feature flag overrides").click();
  const answered = flagsAnswer(page, true, true);
  await tools.getByLabel(/^exampleFlag/).selectOption("on");
  const answer = await answered;
  expect(answer).toMatchObject({ overrides: "applied", flags: { exampleFlag: true } });
  const cookies = await engineer.context.cookies();
  expect(cookies.find((c) => c.name === COOKIE)).toMatchObject({
    value: encodeURIComponent('{"exampleFlag":true}'),
    path: "/",
    sameSite: "Lax",
  });

  await openHome(page);
  await banner(page).waitFor({ timeout: 30_000 });

  // Another browser (here a signed-out visitor) is not touched by it, and has no toolbar.
  const visitor = watched.page;
  const visitorFlags = await openHome(visitor, false);
  expect(visitorFlags.flags.exampleFlag).toBe(false);
  expect(await banner(visitor).count()).toBe(0);
  expect(await devTools(visitor).count()).toBe(0);

  // Back to the default from the home page's toolbar (not a lesson): the cookie and banner go.
  await tools.waitFor({ timeout: 60_000 });
  await tools.getByText("Feature flag overrides").click();
  const reset = flagsAnswer(page, true, false);
  await tools.getByLabel(/^exampleFlag/).selectOption("default");
  expect((await reset).flags.exampleFlag).toBe(false);
  await banner(page).waitFor({ state: "detached", timeout: 30_000 });
  expect((await engineer.context.cookies()).some((c) => c.name === COOKIE)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "issue14-dev-toolbar-home.png") });
  await close(engineer);
}, 240_000);

test("a learner has no developer toolbar until granted the role, then gets it without a reload", async ({
  watched,
}) => {
  const { page } = watched;
  const learner = await registerLearner(page, ctx.url, "Katherine Johnson");
  await page.goto(`${ctx.url}/web/tracks`);
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 60_000 });
  // Two reads of the flags later, still nothing for a learner.
  await flagsAnswer(page);
  await flagsAnswer(page);
  expect(await devTools(page).count()).toBe(0);

  // Granted in the console: the next read of the flags (every 5 s here) renews the session, and
  // the open page shows the toolbar, whose overrides the server now applies.
  await setRoles(learner.userId, ["course_engineer"]);
  await devTools(page).waitFor({ timeout: 60_000 });
  expect(page.url()).toBe(`${ctx.url}/web/tracks`);
  await devTools(page).getByText("Feature flag overrides").click();
  const applied = flagsAnswer(page, true, true);
  await devTools(page)
    .getByLabel(/^exampleFlag/)
    .selectOption("on");
  expect(await applied).toMatchObject({ overrides: "applied", flags: { exampleFlag: true } });

  // Revoked: the toolbar goes the same way, and the cookie left behind counts for nothing.
  await setRoles(learner.userId, []);
  await devTools(page).waitFor({ state: "detached", timeout: 60_000 });
  const ignored = await flagsAnswer(page, true, true);
  expect(ignored).toMatchObject({ overrides: "ignored", flags: { exampleFlag: false } });
}, 240_000);

test("a cookie that cannot be parsed logs 'Failed to parse overrides cookie' and the defaults apply", async () => {
  const engineer = await signedInPage(ENGINEER);
  await engineer.context.addCookies([overrideCookie('{"exampleFlag":"yes"')]);
  const answer = await openHome(engineer.page);
  expect(answer).toMatchObject({ overrides: "invalid", flags: { exampleFlag: false } });
  await expect
    .poll(() => engineer.warnings, { timeout: 30_000 })
    .toContain("Failed to parse overrides cookie");
  expect(await banner(engineer.page).count()).toBe(0);
  await close(engineer);
}, 120_000);

test("a learner who sets the cookie by hand changes nothing", async ({ watched }) => {
  const { page, context } = watched;
  await registerLearner(page, ctx.url, "Mallory");
  await context.addCookies([overrideCookie('{"exampleFlag":true}')]);
  const answer = await openHome(page);
  expect(answer).toMatchObject({ overrides: "ignored", flags: { exampleFlag: false } });
  expect(await banner(page).count()).toBe(0);
  expect(watched.warnings).not.toContain("Failed to parse overrides cookie");
}, 120_000);
