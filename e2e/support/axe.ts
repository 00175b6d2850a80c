/**
 * axe-core in the page as it is now: each violation one line (rule, help, where), so a test can
 * assert an empty list and fail with all of them at once.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** The violations on the page, or inside the element `within` selects (a dialog, say). */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // The pointer leaves the button it last pressed: a hover colour is not the page's.
  await page.mouse.move(0, 0);
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const context = selector ? document.querySelector(selector) : document;
    const result = (await axe.run(context, { resultTypes: ["violations"] })) as {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  }, within);
}
