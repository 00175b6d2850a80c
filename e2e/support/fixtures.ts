/**
 * Vitest fixtures for end-to-end tests: one built server and one Chromium per file, and a fresh
 * watched page per test that fails the test on any console error (STYLE.md, Epic Stack).
 */
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, test as base, beforeAll, expect } from "vitest";
import { launchBrowser, openPage, type WatchedPage } from "./browser.ts";
import { ROOT, startTestServer, type TestServer } from "./server.ts";

export const SCREENSHOT_DIR = path.join(ROOT, "e2e/screenshots");

let server: TestServer | undefined;
let browser: Browser | undefined;

export function useServerAndBrowser(env: Record<string, string> = {}) {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get url() {
      if (!server) throw new Error("server not started");
      return server.url;
    },
    get server() {
      if (!server) throw new Error("server not started");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("browser not started");
      return browser;
    },
  };
}

export const test = base.extend<{ watched: WatchedPage }>({
  // biome-ignore lint/correctness/noEmptyPattern: Vitest fixtures take their dependencies by destructuring.
  watched: async ({}, use) => {
    if (!browser) throw new Error("call useServerAndBrowser() in the file first");
    const watched = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await use(watched);
    await watched.context.close();
    const unexpected = watched.errors.filter((e) => !watched.allowed.some((re) => re.test(e)));
    expect(unexpected, "console errors during the test").toEqual([]);
  },
});

export { expect };
