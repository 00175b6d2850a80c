/**
 * The UI kit (apps/web/src/ui, ADR 0024) as a story page, without the app or a route: its gallery
 * (screens/playground/ui-kit-gallery.tsx) is bundled with esbuild, in React's development build so
 * Radix's accessibility warnings count as console errors, and styled by the built app's own
 * stylesheet, whose Tailwind scan includes the gallery. Each piece is checked by what a screen
 * reader finds, in light and dark mode, at 360 px and at desktop width, with a screenshot of each.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser.ts";
import { SCREENSHOT_DIR } from "./support/fixtures.ts";
import { ROOT, WEB_DIST } from "./support/server.ts";

mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

/** The built app's stylesheets, as index.html links them. */
function builtStylesheets(): string {
  const dist = WEB_DIST;
  let html: string;
  try {
    html = readFileSync(path.join(dist, "index.html"), "utf8");
  } catch {
    throw new Error("apps/web/dist is missing: run node scripts/build.mjs first");
  }
  const hrefs = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map(
    (m) => m[1] as string,
  );
  expect(hrefs.length, "stylesheets in apps/web/dist/index.html").toBeGreaterThan(0);
  return hrefs.map((href) => readFileSync(path.join(dist, href), "utf8")).join("\n");
}

async function bundleGallery(): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        'import { createElement } from "react";',
        'import { createRoot } from "react-dom/client";',
        'import { UiKitGallery } from "./apps/web/src/features/playground/components/ui-kit-gallery.tsx";',
        'createRoot(document.getElementById("root")).render(createElement(UiKitGallery));',
      ].join("\n"),
      resolveDir: ROOT,
      loader: "tsx",
    },
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"development"' },
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

let browser: Browser | undefined;
let script = "";
let styles = "";

beforeAll(async () => {
  styles = builtStylesheets();
  [browser, script] = await Promise.all([launchBrowser(), bundleGallery()]);
});
afterAll(async () => {
  await browser?.close();
});

async function openGallery(page: Page, theme: "light" | "dark") {
  await page.setContent(
    `<!doctype html><html lang="en" class="${theme === "dark" ? "dark" : ""}"><head>` +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>UI kit</title>' +
      '</head><body><main id="root" class="mx-auto max-w-6xl px-4 py-8"></main></body></html>',
  );
  await page.addStyleTag({ content: styles });
  await page.addScriptTag({ content: script });
  await page.getByRole("heading", { level: 2, name: "UI kit" }).waitFor();
}

/** The text of the elements that aria-describedby names. */
const description = (page: Page, name: string) =>
  page.getByRole("textbox", { name }).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

const VARIANTS = ["Brand", "Secondary", "Ghost", "Danger", "Success", "Quiet"];

for (const theme of ["light", "dark"] as const) {
  for (const [width, height] of [
    [360, 780],
    [1280, 900],
  ] as const) {
    test(`every piece of the kit in ${theme} mode at ${width} px`, async () => {
      if (!browser) throw new Error("no browser");
      const watched = await openPage(browser, { viewport: { width, height } });
      const { page } = watched;
      await openGallery(page, theme);

      for (const name of VARIANTS) {
        expect(await page.getByRole("button", { name, exact: true }).isEnabled(), name).toBe(true);
        const disabled = page.getByRole("button", { name: `${name} (disabled)` });
        expect(await disabled.isDisabled(), `${name} (disabled)`).toBe(true);
      }
      for (const size of ["lg", "xl"]) {
        const box = await page.getByRole("button", { name: `Size ${size}` }).boundingBox();
        expect(box?.height, `Size ${size} is a 44 px touch target`).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole("button", { name: "Size icon" }).waitFor();
      await page.getByRole("link", { name: "A link that looks like a button" }).waitFor();
      await page.getByRole("button", { name: "Interactive card" }).waitFor();
      for (const tone of ["Neutral", "Brand", "Success", "Warning"]) {
        await page.getByText(`${tone} badge`, { exact: true }).waitFor();
      }
      expect(await page.getByRole("status").count()).toBe(7);
      expect(
        await page.getByRole("button", { name: "Option, selected" }).getAttribute("aria-pressed"),
      ).toBe("true");
      expect(await page.getByRole("button", { name: "Blank, filled" }).textContent()).toBe("x");
      expect(await page.getByRole("button", { name: "Chip, used" }).isDisabled()).toBe(true);

      const email = page.getByRole("textbox", { name: "Email address" });
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      expect(await description(page, "Email address")).toBe(
        "Enter an email address like ada@example.com.",
      );
      expect(await description(page, "Display name (optional)")).toBe("Shown on your profile.");
      expect(await page.getByRole("textbox", { name: "Small input" }).isVisible()).toBe(true);

      // Nothing is wider than a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: shot(`ui-kit-${theme}-${width}`), fullPage: true });

      const trigger = page.getByRole("button", { name: "Open the dialog" });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name: "Start this lesson over?" });
      await dialog.waitFor();
      expect(await dialog.getByRole("button", { name: "Close" }).isVisible()).toBe(true);
      expect(await dialog.getByRole("button", { name: "Start over" }).isVisible()).toBe(true);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.screenshot({ path: shot(`ui-kit-dialog-${theme}-${width}`) });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

      await watched.context.close();
      expect(watched.errors, "console errors").toEqual([]);
    });
  }
}
