/**
 * The glossary pages (issue 17) as a reader and a search engine see them. With JavaScript off,
 * /glossary/{language} and a term's page show their content (the server drew it) and an unknown
 * term is a 404 page. With JavaScript, the app takes the page over and running a term's example
 * shows its output (JavaScript, Python, SQL with its demo table, CSS applied to a demo element;
 * in the TypeScript and React glossary, TypeScript with the compiler's errors and TSX as a live
 * React page, issue 20).
 * The glossary-fixed-cta-variations experiment's call to action shows for its bucket. The sitemap
 * is XML the browser parses. Screenshots (desktop, 390 px phone, light and dark) go to
 * docs/screenshots/issue-17/.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { bucket, EXPERIMENTS } from "@lumen/core";
import type { Page } from "playwright-core";
import { parse } from "yaml";
import { axeViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { ROOT } from "./support/server.ts";

const ctx = useServerAndBrowser({ EXPERIMENTS_PAUSED: "false" });
const SHOTS = path.join(ROOT, "docs/screenshots/issue-17");
const TS_SHOTS = path.join(ROOT, "docs/screenshots/issue-20");
const WAIT = { timeout: 60_000 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const termsOf = (language: string) =>
  (
    parse(readFileSync(path.join(ROOT, `content/glossary/${language}.yaml`), "utf8")) as {
      terms: { slug: string; term: string }[];
    }
  ).terms;

/** Makes the page's visitor one the glossary-fixed-cta-variations experiment puts in `variant`. */
async function asVisitorIn(page: Page, variant: string) {
  const name = "glossary-fixed-cta-variations";
  const variants: readonly string[] = EXPERIMENTS[name].variants;
  let visitorId = "";
  for (let i = 0; ; i++) {
    visitorId = `e2e-glossary-${Date.now()}-${i}`;
    if (bucket(`${name}:${visitorId}`, variants.length) === variants.indexOf(variant)) break;
  }
  await page.addInitScript((id) => {
    if (window === window.top) localStorage.setItem("lumen-anonymous-id", id);
  }, visitorId);
}

async function dark(page: Page) {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
}

test("without JavaScript the glossary pages show their terms, and a missing term is a 404", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const watched = await openPage(ctx.browser, { viewport, javaScriptEnabled: false });
    const { page } = watched;
    const res = await page.goto(`${ctx.url}/glossary/html`);
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "HTML glossary" }).waitFor(WAIT);
    const terms = termsOf("html");
    expect(
      await page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2 }) })
        .count(),
    ).toBe(terms.length);
    for (const term of terms.slice(0, 5)) {
      await expect
        .poll(() => page.getByRole("link", { name: term.term, exact: true }).first().isVisible())
        .toBe(true);
    }
    await page.screenshot({ path: path.join(SHOTS, `glossary-no-js-${viewport.width}.png`) });

    await page
      .getByRole("link", { name: terms[1]?.term ?? "", exact: true })
      .first()
      .click();
    await page.waitForURL(`${ctx.url}/glossary/html/${terms[1]?.slug}`);
    await page.getByRole("heading", { level: 1, name: terms[1]?.term }).waitFor(WAIT);
    await page.getByRole("heading", { level: 2, name: "Related terms" }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, `glossary-term-no-js-${viewport.width}.png`) });

    const missing = await page.goto(`${ctx.url}/glossary/html/no-such-term`);
    expect(missing?.status()).toBe(404);
    await page
      .getByRole("heading", { level: 1, name: "This glossary page does not exist" })
      .waitFor();
    await watched.context.close();
  }
}, 240_000);

const RUNS = [
  { language: "javascript", slug: "console-log", term: "console.log()", output: "Score: 10" },
  { language: "python", slug: "print", term: "print()", output: "Score: 10" },
  { language: "sql", slug: "database", term: "Database", output: "Mochi" },
] as const;

test("with JavaScript the app takes over and each term's example runs in place", async ({
  watched,
}) => {
  const { page } = watched;
  for (const run of RUNS) {
    await page.goto(`${ctx.url}/glossary/${run.language}/${run.slug}`);
    await page.getByRole("heading", { level: 1, name: run.term }).waitFor(WAIT);
    // The server's drawn copy is gone once the app has drawn the screen.
    await expect.poll(() => page.locator("#first-paint").count(), WAIT).toBe(0);
    await page.getByRole("button", { name: `Run the ${run.term} example` }).click();
    const output = page.getByRole("region", { name: `Output of the ${run.term} example` });
    await expect.poll(() => output.textContent(), { timeout: 90_000 }).toContain(run.output);
    await page.screenshot({ path: path.join(SHOTS, `glossary-run-${run.language}.png`) });
  }

  // CSS runs on a demo element in the sandboxed frame: the heading turns purple.
  await page.goto(`${ctx.url}/glossary/css`);
  await page.getByRole("heading", { level: 1, name: "CSS glossary" }).waitFor(WAIT);
  await page.getByRole("button", { name: "Run the CSS example" }).click();
  const frame = page.frameLocator("#css iframe");
  await expect
    .poll(
      () =>
        frame
          .locator("h1")
          .evaluate((h1) => getComputedStyle(h1).color)
          .catch(() => ""),
      { timeout: 60_000 },
    )
    .toBe("rgb(128, 0, 128)");
  await page.locator("#css").screenshot({ path: path.join(SHOTS, "glossary-run-css.png") });

  // Moving between glossaries and terms inside the app keeps the page's title per page.
  await page.getByRole("link", { name: "Selector", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Selector" }).waitFor();
  expect(await page.title()).toMatch(/^Selector in CSS: meaning and example · /);

  // An unknown term: the server's 404 page, taken over by the app's own.
  watched.allowed.push(/status of 404/);
  const missing = await page.goto(`${ctx.url}/glossary/html/no-such-term`);
  expect(missing?.status()).toBe(404);
  await expect.poll(() => page.locator("#first-paint").count(), WAIT).toBe(0);
  await page
    .getByRole("heading", { level: 1, name: "This glossary page does not exist" })
    .waitFor();
}, 240_000);

test("TypeScript examples show the compiler's errors, and a component runs as a live page", async ({
  watched,
}) => {
  const { page } = watched;
  const open = async (slug: string, term: string) => {
    await page.goto(`${ctx.url}/glossary/typescript/${slug}`);
    await page.getByRole("heading", { level: 1, name: term }).waitFor(WAIT);
    await expect.poll(() => page.locator("#first-paint").count(), WAIT).toBe(0);
    await page.getByRole("button", { name: `Run the ${term} example` }).click();
    return page.getByRole("region", { name: `Output of the ${term} example` });
  };

  // A script: the error its comment announces, then what it printed (the types are removed).
  let output = await open("type-error", "Type error");
  await expect.poll(() => output.textContent(), { timeout: 90_000 }).toContain("2");
  await output.getByTestId("type-diagnostics").waitFor(WAIT);
  const report = await output.getByTestId("type-diagnostics").textContent();
  expect(report).toContain("TypeScript found 1 error");
  expect(report).toContain("index.ts, line 2, column 1");
  expect(await output.textContent()).toContain("Type 'number' is not assignable to type 'string'.");

  // A component: React draws it in the frame, and a click changes its state.
  output = await open("use-state", "useState");
  const frame = output.frameLocator("iframe");
  await frame.getByText("Mode: light").waitFor({ timeout: 90_000 });
  await frame.getByRole("button", { name: "Switch" }).click();
  await frame.getByText("Mode: dark").waitFor(WAIT);
  expect(await output.getByTestId("type-diagnostics").count()).toBe(0);
  await page.screenshot({ path: path.join(TS_SHOTS, "glossary-typescript-run-tsx.png") });

  // A component whose example is about a type error: the page still draws, under the error.
  output = await open("props", "Props");
  await output.frameLocator("iframe").getByText("5 euros").waitFor({ timeout: 90_000 });
  await output.getByTestId("type-diagnostics").waitFor(WAIT);
  expect(await output.textContent()).toContain("Type 'string' is not assignable to type 'number'.");
}, 240_000);

test("the TypeScript and React glossary on a phone, light and dark", async () => {
  const watched = await openPage(ctx.browser, { viewport: PHONE });
  const { page } = watched;
  // Without the experiment's fixed bar, which would cover the bottom of the screenshots.
  await asVisitorIn(page, "original");
  await page.goto(`${ctx.url}/glossary/typescript`);
  await page
    .getByRole("heading", { level: 1, name: "TypeScript and React glossary" })
    .waitFor(WAIT);
  await expect.poll(() => page.locator("#first-paint").count(), WAIT).toBe(0);
  expect(await page.getByRole("heading", { level: 2 }).count()).toBe(termsOf("typescript").length);
  await page.screenshot({ path: path.join(TS_SHOTS, "glossary-typescript-390-light.png") });
  expect(await axeViolations(page)).toEqual([]);
  await dark(page);
  await page.screenshot({ path: path.join(TS_SHOTS, "glossary-typescript-390-dark.png") });
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`${ctx.url}/glossary/typescript/use-reducer`);
  await page.getByRole("heading", { level: 1, name: "useReducer" }).waitFor(WAIT);
  await dark(page);
  await page.getByRole("button", { name: "Run the useReducer example" }).click();
  const frame = page
    .getByRole("region", { name: "Output of the useReducer example" })
    .frameLocator("iframe");
  await frame.getByRole("button", { name: "+5" }).click({ timeout: 90_000 });
  await frame.getByText("Total: 5").waitFor(WAIT);
  await page.getByRole("heading", { level: 2, name: "Related terms" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(TS_SHOTS, "glossary-typescript-term-390-dark.png") });
  expect(await axeViolations(page)).toEqual([]);

  // The compiler's report above the drawn page, in the dark.
  await page.goto(`${ctx.url}/glossary/typescript/props`);
  await page.getByRole("heading", { level: 1, name: "Props" }).waitFor(WAIT);
  await dark(page);
  await page.getByRole("button", { name: "Run the Props example" }).click();
  const output = page.getByRole("region", { name: "Output of the Props example" });
  await output.frameLocator("iframe").getByText("5 euros").waitFor({ timeout: 90_000 });
  await output.evaluate((region) => region.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: path.join(TS_SHOTS, "glossary-typescript-error-390-dark.png") });
  expect(await axeViolations(page)).toEqual([]);
  await watched.context.close();
  expect(watched.errors).toEqual([]);
}, 240_000);

test("screenshots: desktop and phone, light and dark, with the app", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const watched = await openPage(ctx.browser, { viewport });
    const { page } = watched;
    await page.goto(`${ctx.url}/glossary/python`);
    await page.getByRole("heading", { level: 1, name: "Python glossary" }).waitFor(WAIT);
    await expect.poll(() => page.locator("#first-paint").count(), WAIT).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, `glossary-${viewport.width}-light.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await dark(page);
    await page.screenshot({ path: path.join(SHOTS, `glossary-${viewport.width}-dark.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${ctx.url}/glossary/sql/join`);
    await page.getByRole("heading", { level: 1, name: "JOIN" }).waitFor(WAIT);
    await page.screenshot({ path: path.join(SHOTS, `glossary-term-${viewport.width}-light.png`) });
    await dark(page);
    await page.screenshot({ path: path.join(SHOTS, `glossary-term-${viewport.width}-dark.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await watched.context.close();
    expect(watched.errors).toEqual([]);
  }
}, 240_000);

test("the experiment's fixed call to action shows on a glossary page for its bucket", async () => {
  const watched = await openPage(ctx.browser, { viewport: PHONE });
  const { page } = watched;
  await asVisitorIn(page, "variant_learn_daily");
  await page.goto(`${ctx.url}/glossary/javascript/variable`);
  const bar = page.getByRole("complementary", { name: "Learn daily" });
  await bar.getByRole("link", { name: "Start a lesson" }).waitFor(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "glossary-cta-390.png") });
  await watched.context.close();
  expect(watched.errors).toEqual([]);
}, 240_000);

test("sitemap.xml is XML the browser reads, listing the glossary pages; robots.txt names it", async ({
  watched,
}) => {
  const { page } = watched;
  await page.goto(`${ctx.url}/web/library`);
  const result = await page.evaluate(async () => {
    const text = await (await fetch("/sitemap.xml")).text();
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      error: doc.getElementsByTagName("parsererror").length,
      locs: [...doc.getElementsByTagName("loc")].map(
        (loc) => new URL(loc.textContent ?? "").pathname,
      ),
      robots: await (await fetch("/robots.txt")).text(),
    };
  });
  expect(result.error).toBe(0);
  expect(result.locs).toContain("/glossary/sql/join");
  expect(result.locs).toContain("/web/events");
  expect(result.robots).toContain("Disallow: /v1/");
  expect(result.robots).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
}, 240_000);
