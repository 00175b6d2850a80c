/**
 * The plan as learners and admins see it (issue 15). A free learner opens a lesson outside the
 * free section and meets the locked screen (the chapter's titles, the plan that unlocks it with
 * its price, "Unlock with Starter", the way back to the free section; no lesson content), sent
 * once as `show_upgrades`; the section page marks the locked section. An admin grants that learner
 * Starter and credits with a reason in the console (each confirmed, each in the audit log), and
 * the learner's lesson opens, /web/billing and the account menu show the plan and the balance,
 * and the ledger pages with "Show more". A failed payment's banner; the console refuses learners.
 * Screenshots (desktop, 390 px phone, dark) go to docs/screenshots/issue-15/ and axe scans each.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { type Learner, registerLearner, signInByApi } from "./support/learner.ts";
import { ROOT } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-15");
mkdirSync(SHOTS, { recursive: true });
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };
const PASSWORD = "compiler-1952";
const WAIT = { timeout: 60_000 };
/** The browser's own line for the refused chapter, which is what a locked lesson is. */
const REFUSED_CHAPTER = /Failed to load resource: the server responded with a status of 402/;
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

interface Outline {
  sections: {
    index: number;
    title: string;
    free: boolean;
    tutorials: {
      id: number;
      chapters: { id: number; title: string; lessons: { title: string }[] }[];
    }[];
  }[];
}

/** The first chapter of Python's first section that is not free, from the server's outline. */
async function lockedChapter() {
  const outline = (await (await fetch(`${ctx.url}/v1/tracks/1`)).json()) as Outline;
  const section = outline.sections.find((s) => !s.free);
  const free = outline.sections.find((s) => s.free);
  const tutorial = section?.tutorials[0];
  const chapter = tutorial?.chapters[0];
  if (!section || !free || !tutorial || !chapter) throw new Error("Python has no locked section");
  return {
    path: `/web/track/1/tutorial/${tutorial.id}/chapter/${chapter.id}/learn?lesson=0`,
    api: `/v1/tracks/1/tutorials/${tutorial.id}/chapters/${chapter.id}`,
    chapter,
    section,
    freeSection: free,
  };
}

const signIn = (account: { email: string; password: string }) => signInByApi(ctx.url, account);

/** Signs the page's browser in as the demo admin: the app restores the stored session. */
async function signInAdmin(watched: WatchedPage): Promise<Page> {
  const { refreshToken } = await signIn(ADMIN);
  await watched.page.addInitScript(
    ([key, token]) => {
      if (window !== window.top || localStorage.getItem("e2e-signed-in")) return;
      localStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, token);
    },
    [REFRESH_TOKEN_KEY, refreshToken] as const,
  );
  return watched.page;
}

async function scan(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ["violations"] })) as {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
}

/**
 * Desktop, then a 390 px phone, then dark: a screenshot of each, axe on each, and no sideways
 * scrolling on the phone. `ready` waits for what the screen must show.
 */
async function threeWays(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await ready();
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  expect(await scan(page), `axe on ${name}`).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await ready();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, `${name}-dark.png`), fullPage: true });
  expect(await scan(page), `axe on ${name}, dark`).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
}

/** The analytics events the page has sent so far, by name. */
function watchEvents(page: Page): { name: string; properties: Record<string, unknown> }[] {
  const sent: { name: string; properties: Record<string, unknown> }[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/v1/events") || request.method() !== "POST") return;
    try {
      const body = JSON.parse(request.postData() ?? "{}") as { events?: typeof sent };
      sent.push(...(body.events ?? []));
    } catch {
      // A beacon's body that is not JSON is not ours to read.
    }
  });
  return sent;
}

test("a free learner meets the locked lesson: what it is, the plan that opens it, the way back", {
  timeout: 300_000,
}, async ({ watched }) => {
  watched.allowed.push(REFUSED_CHAPTER);
  const { page } = watched;
  const locked = await lockedChapter();
  const events = watchEvents(page);
  await registerLearner(page, ctx.url);

  const refused = page.waitForResponse((r) => r.url().endsWith(locked.api), WAIT);
  await page.goto(`${ctx.url}${locked.path}`);
  expect((await refused).status()).toBe(402);
  const screen = page.getByTestId("locked-lesson");
  await screen.getByRole("heading", { level: 1, name: locked.chapter.title }).waitFor(WAIT);
  await screen.getByRole("heading", { name: "Unlock it with Starter plan" }).waitFor();
  expect(await page.getByTestId("unlock-price").textContent()).toBe(
    "$9.99 a month or $99.90 a year",
  );
  for (const lesson of locked.chapter.lessons)
    await screen.getByText(lesson.title).first().waitFor();
  // The lesson itself is not there: no lesson screen, no editor, no way to go on inside it.
  expect(await page.getByTestId("lesson-screen").count()).toBe(0);
  expect(await page.getByRole("button", { name: "Continue" }).count()).toBe(0);

  const unlock = new URL(
    (await screen.getByRole("link", { name: "Unlock with Starter" }).getAttribute("href")) ?? "",
    ctx.url,
  );
  expect(unlock.pathname).toBe("/web/subscribe");
  expect(unlock.searchParams.get("redirectUrl")).toBe(locked.path);
  expect(unlock.searchParams.get("trackingReferer")).toBe("locked-lesson");

  // show_upgrades goes out once, with where it was shown.
  await expect.poll(() => events.filter((e) => e.name === "show_upgrades").length, WAIT).toBe(1);
  expect(events.find((e) => e.name === "show_upgrades")?.properties).toMatchObject({
    source: "locked-lesson",
    trackId: 1,
  });

  await threeWays(page, "locked-lesson", () =>
    screen.getByRole("link", { name: "Unlock with Starter" }).waitFor(),
  );
  expect(events.filter((e) => e.name === "show_upgrades").length).toBe(1);

  // The way back to the free part: the free section, where the locked one wears a lock.
  await screen.getByRole("link", { name: "Back to the free lessons" }).click();
  await page.waitForURL(`${ctx.url}/web/1/section/${locked.freeSection.index}`, WAIT);
  const chip = page
    .getByRole("navigation", { name: "Sections" })
    .getByRole("link", { name: `${locked.section.index + 1}. ${locked.section.title} (locked)` });
  await chip.waitFor(WAIT);
  expect(
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", {
        name: `${locked.freeSection.index + 1}. ${locked.freeSection.title}`,
        exact: true,
      })
      .count(),
  ).toBe(1);
  await chip.click();
  await page.getByText("This section's lessons come with Starter.").waitFor(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "locked-section-desktop.png"), fullPage: true });
});

test("an admin grants a learner Starter and credits in the console; the lesson opens and the balance shows", {
  timeout: 420_000,
}, async ({ watched }) => {
  const locked = await lockedChapter();
  // The learner, in a browser of their own.
  const learnerBrowser = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
  learnerBrowser.allowed.push(REFUSED_CHAPTER);
  const learnerPage = learnerBrowser.page;
  const learner: Learner = await registerLearner(learnerPage, ctx.url, "Katherine Johnson");
  await learnerPage.goto(`${ctx.url}${locked.path}`);
  await learnerPage.getByTestId("locked-lesson").waitFor(WAIT);

  // The admin finds them in the console.
  const page = await signInAdmin(watched);
  await page.goto(`${ctx.url}/`);
  await page.getByRole("button", { name: "Account: Demo Admin" }).click(WAIT);
  await page.getByRole("menuitem", { name: "Admin console" }).click();
  await page.getByRole("link", { name: "Subscriptions" }).click();
  await page.getByRole("heading", { level: 1, name: "Subscriptions" }).waitFor(WAIT);
  const searched = page.waitForResponse(
    (r) => r.url().includes("/v1/admin/subscriptions?query=") && r.status() === 200,
    WAIT,
  );
  await page.getByLabel("Search accounts").fill(learner.email);
  await searched;
  await expect.poll(() => new URL(page.url()).searchParams.get("query"), WAIT).toBe(learner.email);
  const table = page.getByRole("table", { name: "Accounts and their plans" });
  await table
    .getByRole("row")
    .filter({ hasText: learner.email })
    .getByText("Free plan")
    .waitFor(WAIT);
  await page.getByRole("button", { name: `Manage ${learner.email}` }).click();
  const panel = page.getByRole("dialog", { name: "Katherine Johnson" });
  await panel.getByRole("heading", { name: "Plan grants" }).waitFor(WAIT);
  await panel.getByText("No plan granted by an admin.").waitFor();

  // A reason is required: the form says so before anything is asked.
  await panel.getByLabel("Plan", { exact: true }).selectOption("tier-0");
  await panel.getByRole("button", { name: "Grant plan…" }).click();
  await panel.getByText("Give a reason: it is kept with the change.").waitFor();
  await panel.getByLabel("Reason for the plan").fill("Courtesy: spoke at our meetup");
  await panel.getByRole("button", { name: "Grant plan…" }).click();
  const confirmPlan = page.getByRole("dialog", { name: `Grant Starter plan to ${learner.email}?` });
  await confirmPlan.getByText("It is recorded in the audit log.", { exact: false }).waitFor();
  const granted = page.waitForResponse((r) => r.url().endsWith("/plan-grants"), WAIT);
  await confirmPlan.getByRole("button", { name: "Grant Starter plan" }).click();
  expect((await granted).status()).toBe(200);
  await panel
    .getByRole("status")
    .filter({ hasText: `${learner.email} now has Starter plan` })
    .waitFor(WAIT);
  expect(await panel.getByTestId("admin-plan-label").textContent()).toBe("Starter plan");

  // Credits, with the reason the learner will read.
  await panel.getByLabel("Number of credits").fill("40");
  await panel.getByLabel("Reason for the credits").fill("Thanks for the bug report");
  await panel.getByRole("button", { name: "Grant credits…" }).click();
  const creditsGranted = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith("/credits"),
    WAIT,
  );
  await page
    .getByRole("dialog", { name: `Grant 40 credits to ${learner.email}?` })
    .getByRole("button", { name: "Grant 40 credits" })
    .click();
  expect((await creditsGranted).status()).toBe(200);
  await panel.getByRole("status").filter({ hasText: "40 credits granted" }).waitFor(WAIT);
  expect(await panel.getByTestId("admin-credit-balance").textContent()).toBe("40");
  // Each change is in the audit log, by this admin.
  const audit = panel.getByTestId("billing-audit");
  await audit.getByText("billing.credits.grant").waitFor(WAIT);
  await audit.getByText("billing.plan.grant").waitFor(WAIT);
  expect(await audit.textContent()).toContain(ADMIN.email);
  // The panel from its top, on a desktop and on a phone in dark mode.
  const top = () => panel.evaluate((el) => el.scrollTo(0, 0));
  await top();
  await page.screenshot({ path: path.join(SHOTS, "admin-subscriber-panel-desktop.png") });
  expect(await scan(page), "axe on the subscriber's panel").toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await top();
  await page.screenshot({ path: path.join(SHOTS, "admin-subscriber-panel-phone-dark.png") });
  expect(await scan(page), "axe on the subscriber's panel, phone, dark").toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press("Escape");

  // The state filter is a search param too: granted plans list the learner, active ones do not.
  const grantedOnly = page.waitForResponse(
    (r) => r.url().includes("state=granted") && r.status() === 200,
    WAIT,
  );
  await page.getByLabel("State").selectOption("granted");
  await grantedOnly;
  await expect.poll(() => new URL(page.url()).searchParams.get("state"), WAIT).toBe("granted");
  await table
    .getByRole("row")
    .filter({ hasText: learner.email })
    .getByText("Granted")
    .waitFor(WAIT);
  await page.getByLabel("State").selectOption("active");
  await page.getByText(`No account matching “${learner.email}” that is “Active”.`).waitFor(WAIT);
  await page.getByLabel("State").selectOption("granted");
  await threeWays(page, "admin-subscriptions", () =>
    page
      .getByRole("button", { name: `Manage ${learner.email}` })
      .filter({ visible: true })
      .waitFor(WAIT),
  );

  // The learner's lesson opens now.
  await learnerPage.goto(`${ctx.url}${locked.path}`);
  await learnerPage.getByTestId("lesson-screen").waitFor(WAIT);
  expect(await learnerPage.getByTestId("locked-lesson").count()).toBe(0);

  // More entries than a page, so that the ledger pages: 20 more grants through the API.
  const { idToken } = await signIn(ADMIN);
  for (let i = 1; i <= 20; i++) {
    const res = await fetch(`${ctx.url}/v1/admin/users/${learner.userId}/credits`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
      body: JSON.stringify({
        amount: 1,
        reason: `Bonus ${i}`,
        idempotencyKey: `e2e-bonus-${learner.userId}-${i}`,
      }),
    });
    expect(res.status).toBe(200);
  }

  // /web/billing: the plan, where it comes from, the balance and the ledger.
  await learnerPage.getByRole("button", { name: "Account: Katherine Johnson" }).click();
  const planItem = learnerPage.getByRole("menuitem", { name: /Starter plan/ });
  await planItem.waitFor(WAIT);
  await learnerPage.screenshot({ path: path.join(SHOTS, "account-menu-desktop.png") });
  await planItem.click();
  await learnerPage.waitForURL(`${ctx.url}/web/billing`, WAIT);
  await learnerPage.getByRole("heading", { level: 1, name: "Plan & credits" }).waitFor(WAIT);
  await learnerPage.getByRole("heading", { level: 2, name: "Starter plan" }).waitFor(WAIT);
  await learnerPage.getByText("Granted to you by an administrator.").waitFor();
  // Asked afresh on the way here: the 20 grants since are in.
  await expect.poll(() => learnerPage.getByTestId("credit-balance").textContent(), WAIT).toBe("60");
  const history = learnerPage.getByRole("list", { name: "Credit history" });
  await expect.poll(() => history.getByRole("listitem").count(), WAIT).toBe(20);
  await learnerPage.getByRole("button", { name: "Show more" }).click();
  await expect.poll(() => history.getByRole("listitem").count(), WAIT).toBe(21);
  await history
    .getByRole("listitem")
    .filter({ hasText: "From an administrator: Thanks for the bug report" })
    .getByText("+40")
    .waitFor();
  expect(await learnerPage.getByRole("button", { name: "Show more" }).count()).toBe(0);
  await threeWays(learnerPage, "billing", () =>
    learnerPage.getByTestId("credit-balance").waitFor(),
  );

  // The account menu: the plan's label and the balance, on a phone and in dark mode too.
  for (const [name, width, scheme] of [
    ["phone", 390, "light"],
    ["dark", 1280, "dark"],
  ] as const) {
    await learnerPage.setViewportSize({ width, height: 844 });
    await learnerPage.emulateMedia({ colorScheme: scheme });
    await learnerPage.evaluate(() => window.scrollTo(0, 0));
    await learnerPage.getByRole("button", { name: "Account: Katherine Johnson" }).click();
    const item = learnerPage.getByRole("menuitem", { name: /Starter plan/ });
    await item.waitFor(WAIT);
    expect(await item.textContent()).toContain("60 credits left");
    await learnerPage.screenshot({ path: path.join(SHOTS, `account-menu-${name}.png`) });
    await learnerPage.keyboard.press("Escape");
  }

  // The profile's plan section says the same, with the way to /web/billing.
  await learnerPage.emulateMedia({ colorScheme: "light" });
  await learnerPage.goto(`${ctx.url}/web/profile`);
  await learnerPage.getByTestId("profile-plan-label").waitFor(WAIT);
  expect(await learnerPage.getByTestId("profile-plan-label").textContent()).toBe("Starter plan");
  await learnerPage.getByRole("link", { name: "Plan & credits" }).waitFor();

  // The admin revokes the grant (confirmed, logged): the learner is back on the free plan.
  await page
    .getByRole("button", { name: `Manage ${learner.email}` })
    .filter({ visible: true })
    .click();
  await panel.getByRole("button", { name: "Revoke Starter plan" }).click(WAIT);
  const revoked = page.waitForResponse((r) => r.url().endsWith("/revoke"), WAIT);
  await page
    .getByRole("dialog", { name: `Revoke Starter plan from ${learner.email}?` })
    .getByRole("button", { name: "Revoke the grant" })
    .click();
  expect((await revoked).status()).toBe(200);
  await panel
    .getByRole("status")
    .filter({ hasText: `Starter plan is revoked: ${learner.email} now has Free plan.` })
    .waitFor(WAIT);
  await panel.getByTestId("billing-audit").getByText("billing.plan.revoke").waitFor(WAIT);
  await learnerPage.goto(`${ctx.url}${locked.path}`);
  await learnerPage.getByTestId("locked-lesson").waitFor(WAIT);

  await learnerBrowser.context.close();
  const unexpected = learnerBrowser.errors.filter(
    (e) => !learnerBrowser.allowed.some((re) => re.test(e)),
  );
  expect(unexpected, "console errors in the learner's browser").toEqual([]);
});

test("a failed payment: a banner on every screen but a lesson, with the way to update the card", {
  timeout: 180_000,
}, async ({ watched }) => {
  const { page } = watched;
  await registerLearner(page, ctx.url, "Mary Jackson");
  // The provider's failed renewal, as GET /v1/me/plan answers it once its webhook is applied.
  await page.route("**/v1/me/plan", (route) =>
    route.fulfill({
      json: {
        tier: "tier-0",
        label: "Starter plan",
        source: "subscription",
        entitlements: { allLessons: true, ai: false, appBuilder: false, instances: false },
        subscription: {
          tier: "tier-0",
          label: "Starter plan",
          interval: "month",
          status: "past_due",
          cancelAtPeriodEnd: false,
          currentPeriodEnd: "2030-03-03T12:00:00.000Z",
          trialEnd: null,
          graceUntil: "2030-03-10T12:00:00.000Z",
        },
        credits: { balance: 0, nextGrantAt: null, nextGrantAmount: 0 },
      },
    }),
  );
  let portalAsked = false;
  await page.route("**/v1/billing/portal", (route) => {
    portalAsked = true;
    return route.fulfill({ json: { url: `${ctx.url}/web/billing` } });
  });
  await page.goto(`${ctx.url}/web/streak`);
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(
    new Date("2030-03-10T12:00:00.000Z"),
  );
  const banner = page.getByText(
    `Your payment failed — update your card by ${date} to keep Starter plan`,
  );
  await banner.waitFor(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "past-due-banner-desktop.png") });
  // Not over a lesson, where the editor needs the room.
  await page.goto(`${ctx.url}/web/track/1/tutorial/101/chapter/10101/learn?lesson=0`);
  await page.getByTestId("lesson-screen").waitFor(WAIT);
  expect(await banner.count()).toBe(0);
  // The billing page says the same, and the banner leads to the portal.
  await page.goto(`${ctx.url}/web/billing`);
  await page.getByTestId("subscription-status").getByText("Payment failed").waitFor(WAIT);
  await page.getByText(`Update your card by ${date} to keep Starter plan.`).waitFor();
  await page.getByRole("button", { name: "Update your card" }).click();
  await expect.poll(() => portalAsked, WAIT).toBe(true);
  await threeWays(page, "billing-past-due", () => banner.waitFor(WAIT));
});

test("the subscriptions console is for admins: a learner gets the 403 page and the API's 403", {
  timeout: 180_000,
}, async ({ watched }) => {
  const { page } = watched;
  const adminCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/v1/admin/")) adminCalls.push(r.url());
  });
  const learner = await registerLearner(page, ctx.url, "Dorothy Vaughan");
  await page.goto(`${ctx.url}/admin/subscriptions?query=demo`);
  await page
    .getByRole("heading", { level: 1, name: "This page is for administrators" })
    .waitFor(WAIT);
  expect(adminCalls, "the page asks nothing of the admin API for them").toEqual([]);

  const { idToken } = await signIn({ email: learner.email, password: PASSWORD });
  for (const [method, apiPath] of [
    ["GET", "/v1/admin/subscriptions"],
    ["GET", `/v1/admin/users/${learner.userId}/billing`],
    ["POST", `/v1/admin/users/${learner.userId}/credits`],
    ["POST", `/v1/admin/users/${learner.userId}/plan-grants`],
  ] as const) {
    const answer = await fetch(`${ctx.url}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
      ...(method === "POST" ? { body: JSON.stringify({ amount: 5, reason: "mine" }) } : {}),
    });
    expect(answer.status, apiPath).toBe(403);
    expect(((await answer.json()) as { code: string }).code).toBe("forbidden");
  }
  // Nothing was granted.
  const plan = await fetch(`${ctx.url}/v1/me/plan`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(((await plan.json()) as { credits: { balance: number } }).credits.balance).toBe(0);
});
