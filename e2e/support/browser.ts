/**
 * Debian's Chromium through playwright-core, launched with the flags this network-less machine
 * needs. Every page records console errors and uncaught exceptions; `expectNoConsoleErrors`
 * fails a test that produced any.
 */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run apt-get install -y chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  warnings: string[];
  /** Console errors a test expects (e.g. the browser's own line for a page answered with 404). */
  allowed: RegExp[];
}

export async function openPage(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on("console", (message) => {
    // A failed request's line names no address: add it, so that a failure says which request.
    const where = message.text().startsWith("Failed to load resource")
      ? ` (${message.location().url})`
      : "";
    if (message.type() === "error") errors.push(message.text() + where);
    if (message.type() === "warning") warnings.push(message.text());
  });
  page.on("pageerror", (error) =>
    errors.push(`uncaught: ${error.message}${error.stack ? `\n${error.stack}` : ""}`),
  );
  return { page, context, errors, warnings, allowed: [] };
}
