/**
 * Error reporting end to end (issue 14): the demo admin sends a test error from the web app (an
 * uncaught throw, as Sentry's own verify step does) and one from the server (a 500 with a request
 * id); both appear in the console's issue list, the web one with a stack mapped to our sources by
 * the build's maps (which the server never serves), the server one with its file and code.
 * `Script error.` and a ResizeObserver notice thrown in the page never appear. A sampled page view
 * posts its web vitals. axe finds nothing on the issue list and the issue page, light and dark.
 * Screenshot: the issue page at 360 px in dark mode.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { openPage, type WatchedPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };
const WEB_ERROR = "This is a test error from the Lumen web app";
const SERVER_ERROR = "This is a test error from the Lumen server";
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe's violations on the page as it is now, one line each, once the pointer is off the controls
 * (a hovered control has other colours) and the fonts and every running transition are done.
 */
async function scan(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    document.fonts.ready.then(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    ),
  );
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

async function signIn() {
  const res = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { idToken: string; refreshToken: string };
}

async function adminPage(options: Parameters<typeof openPage>[1]): Promise<WatchedPage> {
  const { refreshToken } = await signIn();
  const watched = await openPage(ctx.browser, options);
  await watched.page.addInitScript(
    ([key, token]) => {
      if (window !== window.top || localStorage.getItem("e2e-signed-in")) return;
      localStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, token);
      // The test hook: every page view's vitals are sampled.
      localStorage.setItem("lumen.performanceSampleRate", "1");
    },
    [REFRESH_TOKEN_KEY, refreshToken] as const,
  );
  // The errors this test throws on purpose, and the server's deliberate 500.
  watched.allowed.push(
    new RegExp(WEB_ERROR),
    /Script error\./,
    /ResizeObserver loop/,
    /the server responded with a status of 500/,
  );
  return watched;
}

test("a web and a server error appear with readable stacks; ignored notices do not", async ({
  watched,
}) => {
  await watched.context.close();
  const admin = await adminPage({ viewport: { width: 1280, height: 800 } });
  const { page } = admin;

  // Source maps stay on the server.
  const index = await (await fetch(`${ctx.url}/`)).text();
  const entry = index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(entry).toBeTruthy();
  expect((await fetch(`${ctx.url}${entry}`)).status).toBe(200);
  expect((await fetch(`${ctx.url}${entry}.map`)).status).toBe(404);
  expect((await fetch(`${ctx.url}/assets/x.js.map`)).status).toBe(404);

  await page.goto(`${ctx.url}/admin/errors`);
  await page.getByRole("heading", { level: 1, name: "Errors" }).waitFor({ timeout: 60_000 });

  // The notices that are never reported, thrown as the browser would.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("Script error.");
    }, 0);
    setTimeout(() => {
      throw new Error("ResizeObserver loop completed with undelivered notifications.");
    }, 0);
  });

  // The web half: an uncaught error reaches our ingest through the SDK's tunnel.
  const envelope = page.waitForResponse(
    (r) =>
      r.url().endsWith("/v1/monitoring/envelope") &&
      r.request().postData()?.includes(WEB_ERROR) === true,
    { timeout: 90_000 },
  );
  await page.getByRole("button", { name: "Send a test error", exact: true }).click();
  expect((await envelope).status()).toBe(200);

  // The server half: a 500 that names its request id.
  const failed = page.waitForResponse((r) => r.url().endsWith("/v1/admin/errors/test"), {
    timeout: 60_000,
  });
  await page.getByRole("button", { name: "Send a test server error" }).click();
  expect((await failed).status()).toBe(500);
  await page
    .getByRole("status")
    .filter({ hasText: /quote request id/ })
    .waitFor({ timeout: 60_000 });

  // Both in the list (reloaded until the server's has been stored).
  const list = page.getByRole("list", { name: "Issues" });
  await expect
    .poll(
      async () => {
        await page.reload();
        await list.waitFor({ timeout: 60_000 });
        return list.textContent();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toContain(`Error: ${SERVER_ERROR}`);
  const text = await list.textContent();
  expect(text).toContain(`Error: ${WEB_ERROR}`);
  expect(text).not.toContain("Script error");
  expect(text).not.toContain("ResizeObserver");

  // The web issue's stack is in our sources, not the minified bundle.
  await page.getByRole("link", { name: `Error: ${WEB_ERROR}` }).click();
  const stack = page.getByRole("list", { name: "Stack" }).first();
  await stack.waitFor({ timeout: 60_000 });
  const webStack = await stack.textContent();
  expect(webStack).toContain("src/features/admin/errors/errors-page.tsx:");
  expect(webStack).toContain(`throw new Error(TEST_WEB_ERROR_MESSAGE)`);
  expect(webStack).not.toMatch(/assets\/index-\w+\.js/);
  await page.getByRole("list", { name: "Breadcrumbs" }).waitFor();
  expect(await page.getByRole("list", { name: "Breadcrumbs" }).textContent()).toMatch(
    /ui\.click|navigation/,
  );
  expect(await page.locator("article").textContent()).toMatch(/release lumen@/);

  // The server issue's stack names our file and shows the line.
  await page.getByRole("link", { name: "← All issues" }).click();
  await page.getByRole("link", { name: `Error: ${SERVER_ERROR}` }).click();
  await page.getByRole("list", { name: "Stack" }).first().waitFor({ timeout: 60_000 });
  const serverStack = await page.getByRole("list", { name: "Stack" }).first().textContent();
  expect(serverStack).toContain("apps/server/src/commands/throw-test-error.ts:");
  expect(serverStack).toContain("throwTestError");

  // A sampled page view's vitals (LCP is final at the first input; the rest when the page goes).
  const vital = page.waitForResponse((r) => r.url().endsWith("/v1/monitoring/vitals"), {
    timeout: 60_000,
  });
  // The vitals code loads when the browser is idle; input before it would not end LCP.
  const vitalsLoaded = page.waitForResponse((r) => /\/assets\/vitals-[\w-]+\.js$/.test(r.url()), {
    timeout: 60_000,
  });
  await page.goto(`${ctx.url}/admin/errors`);
  await page.getByRole("heading", { level: 1, name: "Errors" }).waitFor({ timeout: 60_000 });
  await vitalsLoaded;
  await page.getByRole("heading", { level: 1, name: "Errors" }).click();
  await page.keyboard.press("Tab");
  expect((await vital).status()).toBe(204);
  await page.goto(`${ctx.url}/admin/users`);
  const { idToken } = await signIn();
  const report = (await (
    await fetch(`${ctx.url}/v1/admin/errors/vitals`, {
      headers: { authorization: `Bearer ${idToken}` },
    })
  ).json()) as { points: Array<{ route: string; name: string }> };
  // Route patterns, never a URL with its ids.
  expect(report.points.length).toBeGreaterThan(0);
  for (const point of report.points) expect(point.route).toMatch(/^\/admin\/errors(\/\$issueId)?$/);
  await admin.context.close();
  expect(admin.errors.filter((e) => !admin.allowed.some((re) => re.test(e)))).toEqual([]);
}, 300_000);

test("the issue page at 360 px in dark mode", async ({ watched }) => {
  await watched.context.close();
  const admin = await adminPage({ viewport: { width: 360, height: 800 }, colorScheme: "dark" });
  const { page } = admin;
  await page.goto(`${ctx.url}/admin/errors?platform=server`);
  await page.getByRole("link", { name: `Error: ${SERVER_ERROR}` }).click({ timeout: 60_000 });
  await page.getByRole("list", { name: "Stack" }).first().waitFor({ timeout: 60_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, "errors-issue-360-dark.png"),
    fullPage: true,
  });
  await admin.context.close();
  expect(admin.errors.filter((e) => !admin.allowed.some((re) => re.test(e)))).toEqual([]);
}, 180_000);

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds nothing on the issue list and an issue page, ${colorScheme}`, async ({
    watched,
  }) => {
    await watched.context.close();
    const admin = await adminPage({ viewport: { width: 1280, height: 800 }, colorScheme });
    const { page } = admin;
    await page.goto(`${ctx.url}/admin/errors`);
    const list = page.getByRole("list", { name: "Issues" });
    await list.waitFor({ timeout: 60_000 });
    await page.getByRole("link", { name: `Error: ${SERVER_ERROR}` }).waitFor({ timeout: 60_000 });
    expect(await scan(page), `axe on the issue list (${colorScheme})`).toEqual([]);

    // The web error's page: breadcrumbs, a source-mapped stack with code, the events.
    await page.getByRole("link", { name: `Error: ${WEB_ERROR}` }).click();
    await page.getByRole("list", { name: "Stack" }).first().waitFor({ timeout: 60_000 });
    await page.getByRole("list", { name: "Breadcrumbs" }).waitFor();
    expect(await scan(page), `axe on the issue page (${colorScheme})`).toEqual([]);
    await admin.context.close();
    expect(admin.errors.filter((e) => !admin.allowed.some((re) => re.test(e)))).toEqual([]);
  }, 180_000);
}
