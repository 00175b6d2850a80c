/**
 * The editor helping a learner as they type, in Chromium (issue 13, "The editor"): brackets and
 * quotes close themselves, autocomplete offers Python's words and the learner's own names and is
 * driven by the keyboard, syntax errors show in the lint gutter in the runtime's own words, the
 * matching bracket lights up, Ctrl+F searches inside the editor, TypeScript's type errors show
 * inline, and Vim's keys work when chosen (and leave when unchosen, live). Escape then Tab
 * still leaves the editor. Screenshots of the completion list and a lint mark, light and dark.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { openPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { editor, editorText } from "./support/learner.ts";

const ctx = useServerAndBrowser();
mkdirSync(SCREENSHOT_DIR, { recursive: true });

const PYTHON_LESSON = "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1";
const JAVASCRIPT_LESSON = "/web/track/2/tutorial/201/chapter/20101/learn?lesson=1";
const TYPESCRIPT_LESSON = "/web/track/5/tutorial/501/chapter/50101/learn?lesson=1";
/** Pyodide and the TypeScript compiler take a while to arrive on a busy machine. */
const SLOW = { timeout: 60_000 };

const completions = (page: Page) => page.locator(".cm-tooltip-autocomplete");
const selectedCompletion = (page: Page) =>
  page.locator(".cm-tooltip-autocomplete li[aria-selected]");
const lintTooltip = (page: Page) => page.locator(".cm-tooltip-lint");

const count = (page: Page, selector: string) => page.locator(selector).count();
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
const tooltipText = (page: Page) => lintTooltip(page).first().textContent();

/** Empties the editor the way a learner would: select all, delete. */
async function clearEditor(page: Page) {
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await expect.poll(() => editorText(page)).toBe("");
}

/** Moves through the open completion list with the arrow keys until `label` is highlighted. */
async function highlight(page: Page, label: string) {
  await completions(page).getByText(label, { exact: true }).first().waitFor();
  for (let i = 0; i < 40; i++) {
    if ((await selectedCompletion(page).locator(".cm-completionLabel").textContent()) === label) {
      return;
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`${label} was never highlighted`);
}

/** The text with each line's indentation taken off. */
const unindented = (text: string) => text.replace(/^[ \t]+/gm, "");

/**
 * Highlights `label` and takes it with Enter or Tab, as a learner does. CodeMirror ignores a
 * key pressed within 75 ms of the list appearing (the key then types a newline or indents: a
 * fast typist's Enter stays an Enter); when that happens the key is undone and the list opened
 * again with Ctrl+Space, so the test never depends on how fast the machine is.
 */
async function pick(page: Page, label: string, key: "Enter" | "Tab") {
  for (let attempt = 0; attempt < 10; attempt++) {
    await highlight(page, label);
    // CodeMirror takes the key only once the list has shown for 75 ms; without this pause a
    // retry would press as fast as the first try did, every time, on a busy machine.
    await page.waitForTimeout(100);
    const before = await editorText(page);
    await page.keyboard.press(key);
    await expect.poll(() => editorText(page)).not.toBe(before);
    const after = await editorText(page);
    const typedInstead =
      after.split("\n").length > before.split("\n").length ||
      unindented(after) === unindented(before);
    if (!typedInstead) return;
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe(before);
    await page.keyboard.press("Control+Space");
  }
  throw new Error(`${label} was never taken from the list`);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `issue13-editor-${name}.png`) });
}

test("Python: brackets close, autocomplete by keyboard, lint in Python's words, search", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(ctx.url + PYTHON_LESSON);
  await editor(page).waitFor();
  expect(await editor(page).getAttribute("aria-label")).toBe("Code editor: main.py");
  await clearEditor(page);

  // Typing an opening bracket or quote closes it; typing the closer steps over it.
  await page.keyboard.type("print(");
  await expect.poll(() => editorText(page)).toBe("print()");
  await page.keyboard.type('"Hi');
  await expect.poll(() => editorText(page)).toBe('print("Hi")');
  await page.keyboard.type('")');
  await expect.poll(() => editorText(page)).toBe('print("Hi")');

  // A name defined in the file, then Python's own print, picked with the keyboard.
  await page.keyboard.press("Enter");
  await page.keyboard.type('greeting = "Hello"');
  await page.keyboard.press("Enter");
  await page.keyboard.type("pri");
  await pick(page, "print", "Enter");
  await expect.poll(() => completions(page).count()).toBe(0);
  await page.keyboard.type("(gre");
  await highlight(page, "greeting");
  await shot(page, "autocomplete-light");
  await pick(page, "greeting", "Tab");
  await expect
    .poll(() => editorText(page))
    .toBe('print("Hi")\ngreeting = "Hello"\nprint(greeting)');

  // The matching bracket lights up beside the cursor.
  await page.keyboard.press("End");
  await expect.poll(() => count(page, ".cm-matchingBracket")).toBe(2);

  // A syntax error: Python's own message, in the gutter and under the code, as the learner
  // types (once Pyodide has arrived; nothing of the code runs).
  await page
    .getByRole("button", { name: "Run", exact: true })
    .and(page.locator("[data-runtime-ready=true]"))
    .waitFor(SLOW);
  await page.keyboard.press("Enter");
  await page.keyboard.insertText('print("never closed"');
  const marker = page.locator(".cm-gutter-lint .cm-lint-marker-error");
  await marker.waitFor(SLOW);
  await expect.poll(() => count(page, ".cm-lintRange-error")).toBe(1);
  await marker.hover();
  await expect.poll(() => tooltipText(page)).toContain("SyntaxError: '(' was never closed");
  await shot(page, "lint-light");
  // Fixing it takes the mark away.
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(")");
  await expect.poll(() => marker.count(), SLOW).toBe(0);

  // Ctrl+F inside the editor opens its search; Escape closes it.
  await page.keyboard.press("ControlOrMeta+f");
  await expect.poll(() => focusedLabel(page)).toBe("Find");
  await page.keyboard.type("greeting");
  await expect.poll(() => count(page, ".cm-searchMatch")).toBe(2);
  await page.keyboard.press("Escape");
  await expect.poll(() => count(page, ".cm-search")).toBe(0);

  // Escape then Tab leaves the editor.
  await editor(page).click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest(".cm-editor"))))
    .toBe(false);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");

  // The same, dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("gree");
  await highlight(page, "greeting");
  await shot(page, "autocomplete-dark");
  await page.keyboard.press("Escape");
  await page.keyboard.insertText(" = (");
  await marker.waitFor(SLOW);
  await marker.hover();
  await expect.poll(() => tooltipText(page)).toContain("SyntaxError:");
  await shot(page, "lint-dark");
});

test("JavaScript: a syntax error shows the engine's message without loading the compiler", async ({
  watched,
}) => {
  const { page } = watched;
  const compilerRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/runtimes/typescript/")) compilerRequests.push(request.url());
  });
  await page.goto(ctx.url + JAVASCRIPT_LESSON);
  await editor(page).waitFor();
  await clearEditor(page);
  await page.keyboard.insertText('const planet = "Mars";\nconsole.log(planet;');
  const marker = page.locator(".cm-gutter-lint .cm-lint-marker-error");
  await marker.waitFor(SLOW);
  await marker.hover();
  await expect
    .poll(() => tooltipText(page))
    .toContain("SyntaxError: missing ) after argument list");
  // The mark is on the line with the mistake.
  const markedLine = await page
    .locator(".cm-lintRange-error")
    .first()
    .evaluate((el) => el.closest(".cm-line")?.textContent);
  expect(markedLine).toBe("console.log(planet;");
  // Autocomplete offers the learner's names and console's methods here too.
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("console.lo");
  await pick(page, "log", "Enter");
  await page.keyboard.type("(pla");
  await pick(page, "planet", "Enter");
  await expect.poll(() => editorText(page)).toContain("console.log(planet)");
  // The JavaScript lesson never downloaded the TypeScript compiler for its lint.
  expect(compilerRequests).toEqual([]);
});

test("TypeScript: let planet: string = 42; shows the type error inline", async ({ watched }) => {
  const { page } = watched;
  await page.goto(ctx.url + TYPESCRIPT_LESSON);
  await editor(page).waitFor();
  await clearEditor(page);
  await page.keyboard.insertText("let planet: string = 42;\nconsole.log(planet);");
  const range = page.locator(".cm-lintRange-error");
  await range.first().waitFor(SLOW);
  expect(await range.first().textContent()).toBe("planet");
  await page.locator(".cm-gutter-lint .cm-lint-marker-error").hover();
  await expect
    .poll(() => tooltipText(page))
    .toContain("Type 'number' is not assignable to type 'string'.");
  await shot(page, "typescript-light");
});

test("Vim keys: chosen, Escape then dd deletes a line; unchosen in another tab, gone live", async ({
  watched,
}) => {
  const { page, context } = watched;
  await page.addInitScript(() => {
    if (window === window.top && !sessionStorage.getItem("e2e-vim-set")) {
      sessionStorage.setItem("e2e-vim-set", "1");
      localStorage.setItem("lumen-editor-keymap", "vim");
    }
  });
  await page.goto(ctx.url + PYTHON_LESSON);
  await editor(page).waitFor();
  const status = page.locator(".cm-vim-panel");
  await status.waitFor(SLOW);

  await editor(page).click();
  await page.keyboard.press("G");
  await page.keyboard.press("i");
  await expect.poll(() => status.textContent()).toContain("INSERT");
  await page.keyboard.type('planet = "Mars"');
  await page.keyboard.press("Escape");
  await expect.poll(() => status.textContent()).not.toContain("INSERT");
  await page.keyboard.press("g");
  await page.keyboard.press("g");
  await page.keyboard.press("d");
  await page.keyboard.press("d");
  await expect.poll(() => editorText(page)).toBe('planet = "Mars"');

  // Escape then Tab still leaves the editor in Vim's normal mode.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest(".cm-editor"))))
    .toBe(false);

  // The profile page (or another tab) switches back: this editor follows at once.
  const other = await context.newPage();
  await other.goto(`${ctx.url}/web`);
  await other.evaluate(() => localStorage.removeItem("lumen-editor-keymap"));
  await expect.poll(() => status.count()).toBe(0);
  await other.close();
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("dd");
  await expect.poll(() => editorText(page)).toBe('planet = "Mars"dd');
});

test("on a phone the symbol row stays, beside brackets that close and the completion list", async () => {
  const phone = await openPage(ctx.browser, {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const { page } = phone;
  try {
    await page.goto(ctx.url + PYTHON_LESSON);
    await editor(page).waitFor();
    await clearEditor(page);
    const symbols = page.getByRole("toolbar", { name: "Insert a symbol" });
    await symbols.waitFor();
    await page.keyboard.type('planet = "Mars"');
    await page.keyboard.press("Enter");
    await page.keyboard.type("print(pla");
    await highlight(page, "planet");
    await shot(page, "phone-light");
    await pick(page, "planet", "Enter");
    await symbols.getByRole("button", { name: "Insert :" }).click();
    await expect.poll(() => editorText(page)).toBe('planet = "Mars"\nprint(planet:)');
    await page.emulateMedia({ colorScheme: "dark" });
    await page.keyboard.press("Backspace");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("pri");
    await highlight(page, "print");
    await shot(page, "phone-dark");
    expect(phone.errors).toEqual([]);
  } finally {
    await phone.context.close();
  }
});

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** axe-core over the editor alone (its overlays are inside it): what it finds, one line each. */
async function scanEditor(page: Page, what: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(
      { include: [".cm-editor"] },
      { resultTypes: ["violations"] },
    )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
  return found.map((line) => `${what}: ${line}`);
}

test("axe finds nothing wrong in the completion list, the lint mark and the search panel, light and dark", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(ctx.url + PYTHON_LESSON);
  await editor(page).waitFor();
  await page
    .getByRole("button", { name: "Run", exact: true })
    .and(page.locator("[data-runtime-ready=true]"))
    .waitFor(SLOW);
  const violations: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await clearEditor(page);
    await page.keyboard.type('greeting = "Hi"');
    await page.keyboard.press("Enter");
    await page.keyboard.type("print(gre");
    await highlight(page, "greeting");
    violations.push(...(await scanEditor(page, `${theme} completion list`)));
    await page.keyboard.press("Escape");
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("\nx = (");
    const marker = page.locator(".cm-gutter-lint .cm-lint-marker-error");
    await marker.waitFor(SLOW);
    await marker.hover();
    await lintTooltip(page).first().waitFor();
    violations.push(...(await scanEditor(page, `${theme} lint mark`)));
    await editor(page).click();
    await page.keyboard.press("ControlOrMeta+f");
    await page.locator(".cm-search").waitFor();
    violations.push(...(await scanEditor(page, `${theme} search panel`)));
    await page.keyboard.press("Escape");
  }
  expect(violations).toEqual([]);
});
