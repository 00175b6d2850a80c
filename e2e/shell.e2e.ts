/** The web shell as a visitor meets it: home, a route change, the 404 page, dark mode, a phone. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { openPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

test("home page renders in the shell with its title and description", async ({ watched }) => {
  const { page } = watched;
  const response = await page.goto(ctx.url);
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toBe("Lumen · Learn to code");
  await page.getByRole("heading", { level: 1, name: /Learn to code/ }).waitFor();
  const description = await page.locator('meta[name="description"]').last().getAttribute("content");
  expect(description).toMatch(/Python, JavaScript, HTML, CSS, SQL and React/);
  expect(await page.getByRole("banner").count()).toBe(1);
  expect(await page.getByRole("main").count()).toBe(1);
  expect(await page.getByRole("contentinfo").count()).toBe(1);
  await page.screenshot({ path: shot("home-desktop") });
});

test("a route change shows the progress bar, then the screen with its own title", async () => {
  // Without the service worker: a chunk it serves from its cache never reaches page.route.
  const watched = await openPage(ctx.browser, {
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "block",
  });
  const { page } = watched;
  await page.goto(ctx.url);
  await page.getByRole("heading", { level: 1 }).waitFor();
  // Hold the screen's code back so the pending state is visible.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/library-page-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Library" })
    .click();
  const bar = page.getByRole("progressbar", { name: "Loading page" });
  await bar.waitFor({ state: "visible" });
  await page.screenshot({ path: shot("route-progress") });
  release();
  await page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
  await bar.waitFor({ state: "detached" });
  await expect.poll(() => page.title()).toBe("Library · Lumen");
  expect(page.url()).toBe(`${ctx.url}/web/library`);
  await watched.context.close();
  expect(watched.errors).toEqual([]);
});

test("an unknown address answers 404 and shows the not-found page", async ({ watched }) => {
  const { page } = watched;
  // Chromium logs the document's own 404 status as a console error: that one is expected.
  watched.allowed.push(/status of 404 \(Not Found\)/);
  const response = await page.goto(`${ctx.url}/no/such/page`);
  expect(response?.status()).toBe(404);
  await page.getByRole("heading", { name: "We could not find that page" }).waitFor();
  await expect.poll(() => page.title()).toBe("Page not found · Lumen");
  await page.screenshot({ path: shot("not-found") });
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await page.getByRole("heading", { level: 1, name: /Learn to code/ }).waitFor();
});

test("every screen of the route table renders its own title", async ({ watched }) => {
  const { page } = watched;
  // No share has the code abc123: the shared page asks for it and the API refuses it.
  watched.allowed.push(/status of 400 \(Bad Request\) \(http:[^)]+\/v1\/shares\/abc123\)/);
  const cases: Array<[string, string | RegExp]> = [
    ["/web/track/1/tutorial/101/chapter/10101/learn?lesson=2", "Lesson · Lumen"],
    [
      "/ssr/track/1/tutorial/101/chapter/10101/tutor?clearProgress=true",
      "Lesson with tutor · Lumen",
    ],
    // The glossary's pages carry their own title, the same as the server draws (issue 17).
    ["/glossary/python", /^Python glossary: \d+ terms explained · Lumen$/],
    ["/web/1/section/active", "Learning path · Lumen"],
    ["/web2app/subscribe?redirectUrl=%2F&trackingReferer=ad", "Subscribe · Lumen"],
    ["/web/events", "Live events · Lumen"],
    ["/web/shared/abc123", "Shared project · Lumen"],
  ];
  for (const [address, title] of cases) {
    const response = await page.goto(ctx.url + address);
    expect(response?.status(), address).toBe(200);
    await expect.poll(() => page.title(), { message: address }).toMatch(title);
  }
});

test("dark mode follows the system and can be switched", async ({ watched }) => {
  const { page } = watched;
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(ctx.url);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await page.screenshot({ path: shot("home-dark") });
  await page.getByRole("button", { name: /Colour theme/ }).click();
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
    false,
  );
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
    false,
  );
});

test("the shell fits a 360 px phone without sideways scrolling", async ({ watched }) => {
  const { page } = watched;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(ctx.url);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot("home-phone"), fullPage: true });
});

test("page views reach the analytics endpoint and are accepted", async ({ watched }) => {
  const { page } = watched;
  const request = page.waitForRequest(
    (r) => r.url().endsWith("/v1/events") && r.method() === "POST",
  );
  await page.goto(ctx.url);
  const sent = await request;
  const body = JSON.parse(sent.postData() ?? "{}") as { events: Array<{ name: string }> };
  expect(body.events.map((e) => e.name)).toContain("pageview");
  const response = await sent.response();
  expect(response?.status()).toBe(202);
});

test("assets are immutable and precompressed; index.html is not cached", async () => {
  const page = await fetch(ctx.url);
  expect(page.headers.get("cache-control")).toBe("no-cache");
  const html = await page.text();
  const script = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  const asset = await fetch(ctx.url + script, { headers: { "Accept-Encoding": "br" } });
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(asset.headers.get("content-encoding")).toBe("br");
  expect(page.headers.get("content-security-policy")).toContain(
    "script-src 'self' 'wasm-unsafe-eval'",
  );
});

test("header menus work from the keyboard, before the page is idle and after", async ({
  watched,
}) => {
  const { page } = watched;
  await page.setViewportSize({ width: 390, height: 800 });
  // Idle comes late here, so the menus are still plain buttons when the learner reaches them.
  await page.addInitScript(() => {
    const later = window.requestIdleCallback;
    window.requestIdleCallback = (run, options) =>
      later((deadline) => setTimeout(() => run(deadline), 1500), options);
  });
  await page.goto(ctx.url);
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.focus();
  expect(await menu.getAttribute("data-state")).toBeNull();
  // The menu's own button takes over, and keeps the focus.
  await expect.poll(() => menu.getAttribute("data-state"), { timeout: 10_000 }).toBe("closed");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
    "Menu",
  );
  await page.keyboard.press("Enter");
  expect(await page.getByRole("menuitem").allTextContents()).toEqual([
    "Library",
    "Events",
    "Glossary",
    "Project showcase",
    "Help threads",
  ]);
  await page.keyboard.press("Escape");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toBe("Menu");

  // Used before it has become a menu, a button opens it at once.
  await page.reload();
  const theme = page.getByRole("button", { name: /Colour theme/ });
  expect(await theme.getAttribute("data-state")).toBeNull();
  await theme.click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(true);
});
