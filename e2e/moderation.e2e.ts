import path from "node:path";
import type { Page } from "playwright-core";
import { axeViolations } from "./support/axe.ts";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner, signInByApi } from "./support/learner.ts";

const ctx = useServerAndBrowser();
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };
const signIn = (account: { email: string; password: string }) => signInByApi(ctx.url, account);

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${ctx.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A learner's project, shared: its share code. */
async function sharedProject(token: string, name: string): Promise<string> {
  const created = await api(token, "POST", "/v1/projects", { name, template: "python" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const projectId = (created.body.project as { id: string }).id;
  const shared = await api(token, "POST", "/v1/shares", { kind: "project", projectId });
  expect(shared.status, JSON.stringify(shared.body)).toBe(201);
  return (shared.body.share as { code: string }).code;
}

/** The admin's own browser, signed in through the session the app restores. */
async function adminPage(options: Parameters<typeof openPage>[1]): Promise<WatchedPage> {
  const watched = await openPage(ctx.browser, options);
  const { refreshToken } = await signIn(ADMIN);
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

/** Clicks a button and waits for the call it makes to be answered. */
async function clickAndWait(page: Page, button: ReturnType<Page["getByRole"]>, pathEnd: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() !== "GET" && r.url().includes(pathEnd),
    { timeout: 60_000 },
  );
  await button.click();
  const response = await answered;
  expect(response.status(), `${pathEnd} answered`).toBeLessThan(300);
}

async function closeWatched(watched: WatchedPage, who: string) {
  await watched.context.close();
  const unexpected = watched.errors.filter((e) => !watched.allowed.some((re) => re.test(e)));
  expect(unexpected, `console errors in ${who}'s browser`).toEqual([]);
}

test("a report reaches the moderation page; hide, restore, ban and lift are audited", {
  timeout: 300_000,
}, async ({ watched }) => {
  // The author: a learner with a shared project, signed in through the API only.
  const authorEmail = `author-${Date.now()}@example.com`;
  const signup = await fetch(`${ctx.url}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: authorEmail, password: "author-pass-1", displayName: "Ada" }),
  });
  expect(signup.status).toBe(201);
  const author = (await signup.json()) as { idToken: string; user: { id: string } };
  const title = `Reported project ${Date.now()}`;
  const code = await sharedProject(author.idToken, title);

  // The reporter: another learner, in the watched browser, reports it from the shared page.
  const page = watched.page;
  const rita = await registerLearner(page, ctx.url, "Reporter Rita");
  await page.goto(`${ctx.url}/web/shared/${code}`);
  await page.getByRole("button", { name: "Report", exact: true }).click({ timeout: 60_000 });
  const dialog = page.getByRole("dialog", { name: "Report this shared code" });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await dialog.getByText("Choose a reason.").waitFor();
  await dialog.getByRole("radio", { name: "Harmful code" }).check();
  await dialog.getByLabel("Details").fill("It mines coins in the viewer's browser.");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "moderation-report-dialog.png") });
  expect(await axeViolations(page), "axe on the report dialog").toEqual([]);
  await clickAndWait(page, dialog.getByRole("button", { name: "Send report" }), "/v1/reports");
  await page.getByRole("dialog", { name: "Thank you for your report" }).waitFor();
  await page.getByRole("button", { name: "Done" }).click();

  // The admin sees it in the queue, with the reason, and hides it.
  const admin = await adminPage({ viewport: { width: 1280, height: 900 } });
  const consolePage = admin.page;
  await consolePage.goto(`${ctx.url}/admin/moderation`);
  await consolePage
    .getByRole("heading", { level: 1, name: "Moderation" })
    .waitFor({ timeout: 60_000 });
  const open = consolePage.getByRole("list", { name: "Open reports" });
  const item = open.getByRole("article", { name: `Shared code: ${title}` });
  await item.waitFor({ timeout: 60_000 });
  await item.getByText("“It mines coins in the viewer's browser.”").waitFor();
  expect(await item.getByRole("link", { name: title }).getAttribute("href")).toBe(
    `/web/shared/${code}`,
  );
  await consolePage.screenshot({
    path: path.join(SCREENSHOT_DIR, "moderation-page-desktop-light.png"),
    fullPage: true,
  });
  await clickAndWait(consolePage, item.getByRole("button", { name: "Hide" }), "/moderation/hide");
  const hiddenItem = consolePage
    .getByRole("list", { name: "Hidden content" })
    .getByRole("article", { name: `Shared code: ${title}` });
  await hiddenItem.waitFor();
  expect(await open.getByRole("article", { name: `Shared code: ${title}` }).count()).toBe(0);

  // The public link now says the content is gone.
  const gone = await fetch(`${ctx.url}/v1/shares/${code}`);
  expect(gone.status).toBe(410);
  // The browser logs the page's 410 answer; that is what the page is meant to get.
  watched.allowed.push(/status of 410 \(Gone\) \(.*\/v1\/shares\//);
  await page.goto(`${ctx.url}/web/shared/${code}`);
  await page
    .getByText(/hid|moderator/i)
    .first()
    .waitFor({ timeout: 60_000 });

  // Restored, it is back.
  await clickAndWait(consolePage, hiddenItem.getByRole("button", { name: "Restore" }), "/restore");
  await hiddenItem.waitFor({ state: "detached" });
  expect((await fetch(`${ctx.url}/v1/shares/${code}`)).status).toBe(200);

  // A ban from posting: the author's next post is refused.
  const before = await api(author.idToken, "POST", "/v1/community/posts", {
    kind: "showcase",
    title: "Look at my project",
    body: "It prints hello.",
    shareCode: code,
  });
  expect(before.status, JSON.stringify(before.body)).toBe(201);
  const postId = (before.body.post as { id: string }).id;
  // Reported too (by the reporter), so that it is in the queue with its author's ban button.
  const reporter = await signIn({ email: rita.email, password: rita.password });
  await api(reporter.idToken, "POST", "/v1/reports", {
    targetKind: "post",
    targetId: postId,
    reason: "spam",
  });
  await consolePage.reload();
  const post = open.getByRole("article", { name: "Post: Look at my project" });
  await post.waitFor({ timeout: 60_000 });
  await post.getByRole("button", { name: "Ban author from posting" }).click();
  await post.getByLabel("Reason for the ban").fill("Posting harmful code");
  await clickAndWait(
    consolePage,
    post.getByRole("button", { name: "Ban from posting" }),
    "/moderation/bans",
  );
  const bans = consolePage.getByRole("list", { name: "Bans" });
  await bans.getByText("Posting harmful code").waitFor();
  const refused = await api(author.idToken, "POST", "/v1/community/posts", {
    kind: "showcase",
    title: "Another one",
    body: "Again.",
    shareCode: code,
  });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe("posting_banned");

  // Lifted, and every action is in the audit log.
  await clickAndWait(
    consolePage,
    bans.getByRole("button", { name: "Lift ban" }),
    "/moderation/bans/",
  );
  await consolePage
    .getByText("Nobody is banned.")
    .or(bans.getByText("Posting harmful code"))
    .first()
    .waitFor();
  await consolePage
    .getByRole("navigation", { name: "Admin console" })
    .getByRole("link", { name: "Audit log" })
    .click();
  const entries = consolePage.getByRole("list", { name: "Audit entries, newest first" });
  await entries.waitFor({ timeout: 60_000 });
  for (const action of [
    "moderation.hide",
    "moderation.restore",
    "moderation.ban",
    "moderation.unban",
  ]) {
    await entries.getByText(action, { exact: true }).first().waitFor();
  }
  await closeWatched(admin, "the admin");
});

test("the moderation page on a phone and in dark mode", { timeout: 180_000 }, async () => {
  // Something in every section: an open report, hidden shared code and a ban.
  const adminToken = (await signIn(ADMIN)).idToken;
  const signup = await fetch(`${ctx.url}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `spammer-${Date.now()}@example.com`,
      password: "spammer-pass-1",
      displayName: "Sam Spammer",
    }),
  });
  const spammer = (await signup.json()) as { idToken: string; user: { id: string } };
  const hidden = await sharedProject(spammer.idToken, "Free coins generator");
  await api(adminToken, "POST", "/v1/admin/moderation/hide", {
    targetKind: "share",
    targetId: hidden,
    note: "Malware",
  });
  const reported = await sharedProject(spammer.idToken, "Cheap course links");
  await api(adminToken, "POST", "/v1/reports", {
    targetKind: "share",
    targetId: reported,
    reason: "other",
    details: "Only links to a paid course, no code.",
  });
  const ban = await api(adminToken, "POST", "/v1/admin/moderation/bans", {
    userId: spammer.user.id,
    reason: "Spam links",
    until: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
  });
  expect(ban.status).toBe(204);
  for (const [name, viewport, colorScheme] of [
    ["phone-light", { width: 390, height: 844 }, "light"],
    ["phone-dark", { width: 390, height: 844 }, "dark"],
    ["desktop-dark", { width: 1280, height: 900 }, "dark"],
  ] as const) {
    const admin = await adminPage({ viewport, colorScheme });
    const page = admin.page;
    await page.goto(`${ctx.url}/admin/moderation`);
    await page.getByRole("heading", { level: 1, name: "Moderation" }).waitFor({ timeout: 60_000 });
    await page
      .getByRole("heading", { level: 2, name: /Open reports/ })
      .waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `moderation-page-${name}.png`),
      fullPage: true,
    });
    expect(await axeViolations(page), `axe on the moderation page (${name})`).toEqual([]);
    await closeWatched(admin, `the admin (${name})`);
  }
});

test("the learner chooses their mails in the profile", { timeout: 180_000 }, async ({
  watched,
}) => {
  const page = watched.page;
  const learner = await registerLearner(page, ctx.url, "Mail Mo");
  const { idToken } = await signIn({ email: learner.email, password: learner.password });
  await page.goto(`${ctx.url}/web/profile`);
  const section = page.getByRole("region", { name: "Emails" });
  const mentions = section.getByRole("switch", { name: /Mentions/ });
  await mentions.waitFor({ timeout: 60_000 });
  expect(await mentions.isChecked()).toBe(true);
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().endsWith("/v1/me/email-preferences"),
  );
  await mentions.click();
  expect((await saved).status()).toBe(200);
  expect((await api(idToken, "GET", "/v1/me/email-preferences")).body).toEqual({
    mentions: false,
    eventReminders: true,
  });
  await page.reload();
  await section.getByRole("switch", { name: /Event reminders/ }).waitFor({ timeout: 60_000 });
  expect(await section.getByRole("switch", { name: /Mentions/ }).isChecked()).toBe(false);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, "moderation-profile-emails.png") });
});
