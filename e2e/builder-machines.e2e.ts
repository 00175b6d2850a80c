/**
 * The builder's machine and instance screens (issue 18) in Chromium, with real machines of the
 * local driver: a learner's preview machine shows its state, what it uses and its logs live over
 * the WebSocket (once `showMachineLogs` is on); a dropped socket reconnects `after=` the last line
 * held, so a restart's lines arrive with none lost or doubled, and each connection sends
 * `websocket_connection_completed`; the page fits a phone. A published app is listed, shown with
 * its address and logs, and deleted after a confirmation. A plan without instances is told what
 * it takes. Screenshots (phone light, desktop dark) go to docs/screenshots/issue-18/.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import {
  demoAdminToken,
  grantPlan,
  type Learner,
  registerLearner,
  signInByApi,
} from "./support/learner.ts";
import { ROOT } from "./support/server.ts";

// The machines' workspaces sit where the sandbox's own user can reach them: the server's data
// folder is private (0700) to the test's user.
const MACHINES_DIR = mkdtempSync(path.join(tmpdir(), "lumen-e2e-machines-"));
chmodSync(MACHINES_DIR, 0o755);
const ctx = useServerAndBrowser({ MACHINES_DIR, FLAGS_REFRESH_SECONDS: "3" });
afterAll(() => rmSync(MACHINES_DIR, { recursive: true, force: true }));

const SHOTS = path.join(ROOT, "docs/screenshots/issue-18");
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 90_000 };
const PHONE = { viewport: { width: 390, height: 844 } };

async function api(learner: Learner, method: string, route: string, body?: unknown) {
  const { idToken } = await signInByApi(ctx.url, learner);
  const res = await fetch(`${ctx.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : ((await res.json()) as Record<string, never>);
}

async function showLogsToEveryone(on: boolean) {
  const admin = await demoAdminToken(ctx.url);
  const res = await fetch(`${ctx.url}/v1/admin/flags/showMachineLogs`, {
    method: "PUT",
    headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
    body: JSON.stringify({ everyone: on, roles: [], users: [], percentage: null, startsAt: null }),
  });
  expect(res.status).toBe(200);
}

/** Every WebSocket the page opens, kept on window.__sockets, so that a test can drop one. */
async function keepSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: WebSocket[] = [];
    Object.assign(window, { __sockets: sockets });
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
  });
}

/** The analytics events the page sends, by name. */
function watchEvents(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/v1/events")) return;
    const body = JSON.parse(request.postData() ?? "{}") as { events?: { name: string }[] };
    for (const event of body.events ?? []) names.push(event.name);
  });
  return names;
}

const logSeqs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=log-lines] li")].map((li) =>
      Number(li.getAttribute("data-seq")),
    ),
  );

const connection = (page: Page, state: string) =>
  page.locator(`[data-testid=log-connection][data-connection=${state}]`).waitFor(WAIT);

test("a preview machine's state, use and live logs, through a dropped socket", async () => {
  await showLogsToEveryone(false);
  const { page, context, errors } = await openPage(ctx.browser, PHONE);
  await keepSockets(page);
  const events = watchEvents(page);
  const learner = await registerLearner(page, ctx.url, "Margaret Hamilton");
  await grantPlan(ctx.url, learner, "tier-4");
  const { build } = (await api(learner, "POST", "/v1/builds", {
    template: "notes",
    title: "Notes",
  })) as unknown as { build: { id: string } };
  const { machine } = (await api(learner, "POST", `/v1/builds/${build.id}/preview`)) as unknown as {
    machine: { id: string };
  };

  const backlink = encodeURIComponent(`/web/build/${build.id}`);
  await page.goto(`${ctx.url}/web/build/machines/${machine.id}?backlink=${backlink}`);
  await page.locator("[data-testid=machine-state][data-state=running]").waitFor(WAIT);
  await expect.poll(() => page.getByTestId("machine-usage").textContent()).toContain("of 768 MB");
  await page.getByText("It stops after 15 minutes without use").waitFor();
  // The flag is off: no log, and no socket.
  await page.getByTestId("logs-off").waitFor();
  expect(
    await page.evaluate(() => (window as unknown as { __sockets: unknown[] }).__sockets),
  ).toEqual([]);

  await showLogsToEveryone(true);
  await connection(page, "connected");
  await page
    .locator("[data-testid=log-lines] li[data-stream=system]", { hasText: "running" })
    .first()
    .waitFor(WAIT);
  const before = await logSeqs(page);
  expect(before.length).toBeGreaterThan(0);

  // A drop: the view says so, then reconnects after the last line it holds.
  await page.evaluate(() =>
    (window as unknown as { __sockets: WebSocket[] }).__sockets.at(-1)?.close(),
  );
  await connection(page, "reconnecting");
  await connection(page, "connected");
  const urls = await page.evaluate(() =>
    (window as unknown as { __sockets: WebSocket[] }).__sockets.map((s) => s.url),
  );
  expect(urls).toHaveLength(2);
  expect(urls[1]).toContain(`after=${before.at(-1)}`);
  expect(new URL(urls[0] ?? "").searchParams.get("ticket")).not.toBe(
    new URL(urls[1] ?? "").searchParams.get("ticket"),
  );

  await page.getByRole("button", { name: "Restart" }).click();
  await page
    .locator("[data-testid=log-lines] li[data-stream=system]", { hasText: "stopping" })
    .waitFor(WAIT);
  await expect
    .poll(async () => (await logSeqs(page)).length, WAIT)
    .toBeGreaterThan(before.length + 2);
  await page.locator("[data-testid=machine-state][data-state=running]").waitFor(WAIT);
  const after = await logSeqs(page);
  expect(new Set(after).size).toBe(after.length);
  expect(after).toEqual([...after].sort((a, b) => a - b));
  expect(after.slice(0, before.length)).toEqual(before);
  // Every seq from the first to the last: nothing lost across the drop.
  expect((after.at(-1) ?? 0) - (after[0] ?? 0) + 1).toBe(after.length);

  await expect
    .poll(() => events.filter((name) => name === "websocket_connection_completed").length, WAIT)
    .toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, "machine-phone.png"), fullPage: true });

  await page.getByRole("link", { name: "Back" }).click();
  await page.waitForURL(`${ctx.url}/web/build/${build.id}`, WAIT);
  expect(errors).toEqual([]);
  await context.close();
});

test("a published app: listed, shown with its address and logs, deleted after a confirmation", async () => {
  await showLogsToEveryone(true);
  const { page, context, errors } = await openPage(ctx.browser, {
    viewport: { width: 1280, height: 900 },
    colorScheme: "dark",
  });
  await page.addInitScript(() => localStorage.setItem("lumen-theme", "dark"));
  const learner = await registerLearner(page, ctx.url, "Katherine Johnson");
  await grantPlan(ctx.url, learner, "tier-4");

  await page.goto(`${ctx.url}/web/instance`);
  await page.getByTestId("instances-empty").waitFor(WAIT);
  await page
    .getByTestId("instances-empty")
    .getByRole("link", { name: "Go to your builds" })
    .waitFor();

  const { build } = (await api(learner, "POST", "/v1/builds", {
    template: "notes",
    title: "Shopping list",
  })) as unknown as { build: { id: string } };
  const { instance } = (await api(
    learner,
    "POST",
    `/v1/builds/${build.id}/publish`,
    {},
  )) as unknown as { instance: { id: string; url: string } };

  await page.goto(`${ctx.url}/web/instance`);
  const card = page.getByTestId("instance-list").getByRole("listitem");
  await card.getByRole("link", { name: "Shopping list" }).waitFor(WAIT);
  const address = card.getByRole("link", { name: instance.url });
  expect(await address.getAttribute("target")).toBe("_blank");
  expect(await page.getByText("You can publish up to 3 apps; you have 1.").count()).toBe(1);

  await card.getByRole("link", { name: "Manage" }).click();
  await page.waitForURL(`${ctx.url}/web/instance/${instance.id}`, WAIT);
  await page.getByRole("heading", { level: 1, name: "Shopping list" }).waitFor(WAIT);
  expect(await page.getByTestId("instance-url").getAttribute("href")).toBe(instance.url);
  await page.locator("[data-testid=machine-state][data-state=running]").waitFor(WAIT);
  await connection(page, "connected");
  await page
    .locator("[data-testid=log-lines] li[data-stream=system]", { hasText: "running" })
    .first()
    .waitFor(WAIT);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, "instance-dark.png"), fullPage: true });

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Shopping list?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete app" }).click();
  await page.waitForURL(`${ctx.url}/web/instance`, WAIT);
  await page.getByTestId("instances-empty").waitFor(WAIT);
  expect(errors).toEqual([]);
  await context.close();
});

test("a plan without instances is told what it takes", async ({ watched: { page } }) => {
  const learner = await registerLearner(page, ctx.url, "Annie Easley");
  await grantPlan(ctx.url, learner, "tier-1");
  await page.goto(`${ctx.url}/web/instance`);
  const note = page.getByTestId("instances-plan");
  await note.waitFor(WAIT);
  expect(await note.textContent()).toContain("does not include publishing apps");
  await note.getByRole("link", { name: "See plans" }).click();
  await page.waitForURL(/\/web\/subscribe\?/, WAIT);
});
