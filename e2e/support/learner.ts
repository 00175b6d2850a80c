/** What end-to-end tests do as a learner: sign up, and write in a lesson's editor. */
import type { Page } from "playwright-core";

let counter = 0;

/** Signs up a new learner with a unique email and waits for the app to take them in. */
export async function registerLearner(page: Page, baseUrl: string, name = "Grace Hopper") {
  await page.goto(`${baseUrl}/web/register`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(`learner-${Date.now()}-${++counter}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("compiler-1952");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${baseUrl}/web/redirect-to-active-section`);
}

/** The lesson editor's editable text. */
export const editor = (page: Page) => page.locator("[data-testid=code-editor] .cm-content");

/** Replaces the editor's text as a paste would (typing would trigger auto-closing tags). */
export async function writeCode(page: Page, code: string) {
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

/** The editor's text, line by line as it shows it. */
export async function editorText(page: Page): Promise<string> {
  return editor(page).evaluate((el) =>
    [...el.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"),
  );
}
