import path from "node:path";
import type { Page } from "playwright-core";
import { axeViolations } from "./support/axe.ts";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { signInByApi } from "./support/learner.ts";

const ctx = useServerAndBrowser();
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };
const LEARNER = { email: "learner@lumen.localhost", password: "learner-demo" };
const signIn = (account: { email: string; password: string }) => signInByApi(ctx.url, account);

/** A browser of its own, signed in as a demo account through the session the app restores. */
async function signedInPage(
  account: { email: string; password: string },
  options: Parameters<typeof openPage>[1] = { viewport: { width: 1280, height: 800 } },
): Promise<WatchedPage> {
  return signInOn(await openPage(ctx.browser, options), account);
}

/** Signs the page's browser in: the app restores the session from the stored refresh token. */
async function signInOn(
  watched: WatchedPage,
  account: { email: string; password: string },
): Promise<WatchedPage> {
  const { refreshToken } = await signIn(account);
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

const me = (idToken: string) =>
  fetch(`${ctx.url}/v1/me`, { headers: { authorization: `Bearer ${idToken}` } });

/** Clicks an action of the user's panel and waits for its answer and its message. */
async function act(page: Page, button: string, path: string, message: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() !== "GET" && r.url().endsWith(path),
    { timeout: 60_000 },
  );
  await page.getByRole("button", { name: button }).click();
  expect((await answered).status()).toBe(200);
  await page.getByRole("status").filter({ hasText: message }).waitFor({ timeout: 60_000 });
}

test("an admin finds the demo learner, disables, enables and grants a role; the audit log shows it all", {
  timeout: 240_000,
}, async ({ watched }) => {
  // The learner is signed in, in a browser of their own and with a token of their own.
  const learnerTokens = await signIn(LEARNER);
  expect((await me(learnerTokens.idToken)).status).toBe(200);
  const learner = await signedInPage(LEARNER);
  // The refused session's calls are the point of the test: the browser logs them as errors.
  learner.allowed.push(/Failed to load resource: the server responded with a status of 40[13]/);
  await learner.page.goto(`${ctx.url}/`);
  await learner.page
    .getByRole("button", { name: "Account: Demo Learner" })
    .waitFor({ timeout: 60_000 });

  // The admin opens the console from the account menu.
  const admin = await signInOn(watched, ADMIN);
  const page = admin.page;
  await page.goto(`${ctx.url}/`);
  await page.getByRole("button", { name: "Account: Demo Admin" }).click({ timeout: 60_000 });
  await page.getByRole("menuitem", { name: "Admin console" }).click();
  await page.getByRole("heading", { level: 1, name: "Users" }).waitFor({ timeout: 60_000 });
  expect(new URL(page.url()).pathname).toBe("/admin/users");

  // Search by display name: the search box is the `query` search param.
  const searched = page.waitForResponse((r) =>
    r.url().includes("/v1/admin/users?query=Demo+Learner"),
  );
  await page.getByLabel("Search users").fill("Demo Learner");
  expect((await searched).status()).toBe(200);
  await expect.poll(() => new URL(page.url()).searchParams.get("query")).toBe("Demo Learner");
  await page.getByRole("button", { name: `Manage ${LEARNER.email}` }).click();
  const panel = page.getByRole("dialog", { name: "Demo Learner" });
  await panel.getByRole("group", { name: "Roles" }).waitFor({ timeout: 60_000 });

  // Disable: the learner's token is refused at once, and their browser is signed out.
  await act(page, "Disable account", "/disable", `${LEARNER.email} is disabled`);
  const refused = await me(learnerTokens.idToken);
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe("auth/user-disabled");
  await learner.page.reload();
  await learner.page.getByRole("link", { name: "Sign in" }).waitFor({ timeout: 60_000 });
  const again = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(LEARNER),
  });
  expect(again.status).toBe(403);

  // Enable: the learner can sign in again.
  await act(page, "Enable account", "/enable", `${LEARNER.email} is enabled`);
  expect((await me((await signIn(LEARNER)).idToken)).status).toBe(200);

  // Grant course_engineer.
  await panel.getByRole("checkbox", { name: "Course engineer (course_engineer)" }).check();
  await act(page, "Save roles", "/roles", "now has roles: course_engineer");
  const learnerMe = await (await me((await signIn(LEARNER)).idToken)).json();
  expect(JSON.stringify(learnerMe)).toContain("course_engineer");
  // The panel's own trail lists the three actions.
  for (const action of ["user.disable", "user.enable", "user.role.grant"]) {
    await panel.getByText(action).first().waitFor({ timeout: 60_000 });
  }
  await page.keyboard.press("Escape");

  // The audit log page lists each action, by the admin, on the learner.
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor({ timeout: 60_000 });
  const entries = page.getByRole("list", { name: "Audit entries, newest first" });
  await entries.waitFor({ timeout: 60_000 });
  const texts = await entries.getByRole("listitem").allInnerTexts();
  const actions = texts.map((t) => t.split("\n")[0]?.trim());
  expect(actions.slice(0, 3)).toEqual(["user.role.grant", "user.enable", "user.disable"]);
  for (const text of texts.slice(0, 3)) expect(text).toContain(`${ADMIN.email} → ${LEARNER.email}`);
  expect(texts[0]).toContain("role: course_engineer");

  // Filter by action.
  const filtered = page.waitForResponse((r) =>
    r.url().includes("/v1/admin/audit?action=user.disable"),
  );
  await page.getByLabel("Action").selectOption("user.disable");
  expect((await filtered).status()).toBe(200);
  await expect
    .poll(async () =>
      (await entries.getByRole("listitem").allInnerTexts()).map((t) => t.split("\n")[0]),
    )
    .toEqual(["user.disable"]);

  // The admin's browser is the watched page: the fixture fails the test on its console errors.
  await learner.context.close();
  const unexpected = learner.errors.filter((e) => !learner.allowed.some((re) => re.test(e)));
  expect(unexpected, "console errors in the learner's browser").toEqual([]);
});

test("the users page at 360 px in dark mode: a list, the user's panel and the audit log, with axe", {
  timeout: 180_000,
}, async ({ watched }) => {
  await watched.page.setViewportSize({ width: 360, height: 800 });
  await watched.page.emulateMedia({ colorScheme: "dark" });
  const admin = await signInOn(watched, ADMIN);
  const page = admin.page;
  await page.goto(`${ctx.url}/admin/users?query=lumen.localhost`);
  await page.getByRole("heading", { level: 1, name: "Users" }).waitFor({ timeout: 60_000 });
  const list = page.getByRole("list", { name: "Users found" });
  await list.waitFor({ timeout: 60_000 });
  // The four demo accounts: learner, course engineer, admin and (issue 15) subscriber.
  expect(await list.getByRole("listitem").count()).toBe(4);
  // The table is for wider screens; the page does not scroll sideways.
  expect(await page.getByRole("table").count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, "admin-users-phone-dark.png"),
    fullPage: true,
  });
  expect(await axeViolations(page), "axe on the users page").toEqual([]);
  await page.getByRole("button", { name: `Manage ${LEARNER.email}` }).click();
  await page
    .getByRole("dialog", { name: "Demo Learner" })
    .getByText("Recent audit entries")
    .waitFor();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "admin-user-panel-phone-dark.png") });
  expect(await axeViolations(page), "axe on the user's panel").toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: "Audit log" }).click();
  await page
    .getByRole("list", { name: "Audit entries, newest first" })
    .waitFor({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, "admin-audit-phone-dark.png"),
    fullPage: true,
  });
  expect(await axeViolations(page), "axe on the audit log").toEqual([]);
});
