/**
 * Sharing (issue 17) in Chromium: a learner shares a project from its editor and copies the link;
 * a signed-out visitor opens it, reads the files and runs them; the page carries its link preview
 * tags and image; another learner duplicates it into their projects; the author unshares and the
 * link says so. A lesson solution is shared from the lesson. And the security test: shared code
 * that tries to reach the viewer's session (cookies, storage, the API, the parent page) gets none
 * of it, in the page sandbox and in the JavaScript and Python workers. Screenshots go to docs/screenshots/issue-17/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { axeViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner, writeCode } from "./support/learner.ts";
import { ROOT } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-17");
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 60_000 };
const PHONE = { width: 390, height: 844 };
async function createProject(page: Page, template: string, name: string) {
  await page.goto(`${ctx.url}/web/projects`);
  await page.getByRole("heading", { level: 1, name: "My projects" }).waitFor(WAIT);
  await page.getByRole("button", { name: "New project" }).click();
  await page.locator(`input[name=template][value=${template}]`).check();
  await page.getByLabel("Project name").fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await page.waitForURL(/\/web\/projects\/[0-9a-f-]{36}$/, WAIT);
  await page.getByTestId("project-name").filter({ hasText: name }).waitFor(WAIT);
}

const saved = (page: Page) =>
  page.locator("[data-testid=project-sync][data-state=saved]").waitFor(WAIT);

/** Opens the Share dialog, makes the link and answers it. */
async function makeLink(page: Page): Promise<string> {
  await page.getByTestId("share-open").click();
  await page.getByTestId("share-create").click();
  const link = page.getByTestId("share-link");
  await link.waitFor(WAIT);
  const url = await link.inputValue();
  expect(url).toMatch(/\/web\/shared\/[0-9A-Za-z]{12}$/);
  return url;
}

/** A fresh signed-out browser, as somebody who got the link in a chat would be. */
async function visitor(
  viewport = { width: 1280, height: 800 },
  colorScheme: "light" | "dark" = "light",
) {
  return openPage(ctx.browser, { viewport, colorScheme });
}

/** The names of the events the page sends to POST /v1/events, as they go. */
function sentEvents(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/v1/events")) return;
    const body = request.postData() ?? "";
    for (const match of body.matchAll(/"name":"([a-z_]+)"/g)) names.push(match[1] ?? "");
  });
  return names;
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test("share a project, open it signed out and run it, duplicate it, unshare it", {
  timeout: 300_000,
}, async ({ watched }) => {
  const { page, context } = watched;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ctx.url });
  const authorEvents = sentEvents(page);
  await registerLearner(page, ctx.url, "Ada Lovelace");
  await createProject(page, "python", "Shopping list");
  await writeCode(page, 'items = ["tea", "milk"]\nprint("Shared:", ", ".join(items))\n');
  await saved(page);
  const url = await makeLink(page);
  await page.getByTestId("share-copy").click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect.poll(() => authorEvents, WAIT).toContain("copy_project_url");
  await page.screenshot({ path: path.join(SHOTS, "share-dialog-desktop-light.png") });
  // The dialog only: the editor behind it is the projects screens' own.
  expect(await axeViolations(page, "[role=dialog]"), "axe on the Share dialog").toEqual([]);
  await page.keyboard.press("Escape");

  // The page as a chat app's crawler reads it: the preview tags, and the image they name.
  const html = await (await fetch(url)).text();
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  expect(html).toContain('<meta property="og:title" content="Shopping list · ');
  expect(html).toContain(`<meta property="og:url" content="${url}">`);
  const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? "";
  const png = await fetch(image);
  expect(png.status).toBe(200);
  expect(png.headers.get("content-type")).toBe("image/png");

  // A signed-out visitor reads the files, sees the author, runs it.
  const guest = await visitor();
  await guest.page.goto(url);
  await guest.page.getByRole("heading", { level: 1, name: "Shopping list" }).waitFor(WAIT);
  await expect
    .poll(() => guest.page.getByTestId("shared-author").textContent())
    .toBe("Ada Lovelace");
  await guest.page.getByTestId("project-run").click();
  await guest.page.getByTestId("run-console").getByText("Shared: tea, milk").waitFor(WAIT);
  await shot(guest.page, "shared-page-desktop-light");
  expect(await axeViolations(guest.page), "axe on the shared page").toEqual([]);
  // Duplicate asks a signed-out visitor to sign in first, and comes back here.
  await guest.page.getByTestId("shared-duplicate").click();
  await guest.page.waitForURL(/\/web\/login\?redirectUrl=/, WAIT);
  expect(decodeURIComponent(guest.page.url())).toContain(new URL(url).pathname);
  await guest.context.close();

  for (const [name, viewport, scheme] of [
    ["shared-page-phone-dark", PHONE, "dark"],
    ["shared-page-phone-light", PHONE, "light"],
    ["shared-page-desktop-dark", undefined, "dark"],
  ] as const) {
    const other = await visitor(viewport, scheme);
    await other.page.goto(url);
    await other.page.getByTestId("project-run").click();
    await other.page.getByTestId("run-console").getByText("Shared: tea, milk").waitFor(WAIT);
    await shot(other.page, name);
    expect(await axeViolations(other.page), `axe on ${name}`).toEqual([]);
    await other.context.close();
  }

  // Another learner duplicates it into their own projects.
  const second = await visitor();
  const duplicateEvents = sentEvents(second.page);
  await registerLearner(second.page, ctx.url, "Grace Hopper");
  await second.page.goto(url);
  await second.page.getByTestId("shared-duplicate").click();
  const done = second.page.getByTestId("shared-duplicated");
  await done.waitFor(WAIT);
  await expect.poll(() => duplicateEvents, WAIT).toContain("duplicate_shared_code");
  await done.getByRole("link", { name: "Open your copy" }).click();
  await second.page.getByTestId("project-name").filter({ hasText: "Shopping list" }).waitFor(WAIT);
  await second.page.getByTestId("project-run").click();
  await second.page.getByTestId("run-console").getByText("Shared: tea, milk").waitFor(WAIT);
  await second.context.close();

  // The author unshares: the dialog finds the open link again; the link then says so.
  await page.getByTestId("share-open").click();
  await page.getByTestId("share-unshare").click();
  await page.getByTestId("share-unshared").waitFor(WAIT);
  const late = await visitor();
  late.allowed.push(/status of 410/);
  await late.page.goto(url);
  await late.page
    .getByTestId("shared-gone")
    .getByText("The author unshared this code")
    .waitFor(WAIT);
  await shot(late.page, "shared-unshared-desktop-light");
  expect(await axeViolations(late.page), "axe on the unshared page").toEqual([]);
  await late.context.close();
  const goneHtml = await (await fetch(url)).text();
  expect(goneHtml).not.toContain("og:image");
  expect((await fetch(image)).status).toBe(410);
});

test("share a lesson solution from the lesson", { timeout: 180_000 }, async ({ watched }) => {
  const { page } = watched;
  await registerLearner(page, ctx.url, "Katherine Johnson");
  await page.goto(`${ctx.url}/web/track/2/tutorial/201/chapter/20101/learn?lesson=1`);
  await writeCode(page, 'console.log("my lesson answer");');
  const url = await makeLink(page);
  await page.screenshot({ path: path.join(SHOTS, "share-dialog-lesson-desktop-light.png") });

  const guest = await visitor(PHONE, "dark");
  await guest.page.goto(url);
  await guest.page.getByTestId("shared-author").getByText("Katherine Johnson").waitFor(WAIT);
  await guest.page.getByTestId("project-run").click();
  await guest.page.getByTestId("run-console").getByText("my lesson answer").waitFor(WAIT);

  // My projects lists every link the learner made; unsharing from there (after a confirmation)
  // makes the guest's page say so.
  await page.goto(`${ctx.url}/web/projects`);
  const shares = page.getByTestId("my-shares");
  const row = shares.getByRole("listitem").filter({ hasText: "Lesson solution" });
  await row.getByText("Shared", { exact: true }).waitFor(WAIT);
  await row.getByRole("button", { name: /^Unshare / }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unshare" }).click();
  await row.getByText(/^Unshared /).waitFor(WAIT);
  await shot(page, "my-shares-desktop-light");
  expect(await axeViolations(page), "axe on My projects with shared links").toEqual([]);
  guest.allowed.push(/status of 410/);
  await guest.page.reload();
  await guest.page
    .getByTestId("shared-gone")
    .getByText("The author unshared this code")
    .waitFor(WAIT);
  await guest.context.close();
});

/** Each attempt prints "name: blocked (...)" or what it got; all at once, in the page and console. */
const PROBES = `
const token = "lumen-refresh-token";
const tries = {
  cookie: () => document.cookie,
  localStorage: () => localStorage.getItem(token),
  sessionStorage: () => sessionStorage.length,
  parent: () => window.parent.localStorage.getItem(token),
  top: () => window.top.document.cookie,
  opener: () => window.opener && window.opener.document.cookie,
  fetchMe: () => fetch("/v1/me", { credentials: "include" }).then((r) => r.status + " " + r.text()),
  fetchApi: () => fetch("/api/me", { credentials: "include" }).then((r) => r.status + " " + r.text()),
  xhr: () => { const x = new XMLHttpRequest(); x.open("GET", "/v1/me", false); x.withCredentials = true; x.send(); return x.status + " " + x.responseText; },
};
const lines = [];
const show = (line) => {
  lines.push(line);
  console.log(line);
  if (typeof document !== "undefined" && document.body) {
    const pre = document.getElementById("report") || document.body.appendChild(document.createElement("pre"));
    pre.id = "report";
    pre.textContent = lines.join("\\n");
  }
};
for (const [name, attempt] of Object.entries(tries)) {
  try {
    const got = attempt();
    if (got && typeof got.then === "function") {
      got.then((v) => show(name + ": GOT " + v), (e) => show(name + ": blocked (" + e.name + ")"));
    } else {
      show(name + ": " + (got === null || got === "" || got === undefined ? "empty" : "GOT " + String(got)));
    }
  } catch (e) {
    show(name + ": blocked (" + e.name + ")");
  }
}
`;

/** The same attempts from Python, through Pyodide's bridge to the worker's JavaScript. */
const PYTHON_PROBES = `
import js
tries = {
    "cookie": lambda: js.document.cookie,
    "localStorage": lambda: js.localStorage.getItem("lumen-refresh-token"),
    "fetchMe": lambda: js.fetch("/v1/me"),
    "xhr": lambda: js.XMLHttpRequest.new(),
    "openUrl": lambda: __import__("pyodide.http", fromlist=["open_url"]).open_url("/v1/me").read(),
}
for name, attempt in tries.items():
    try:
        got = attempt()
        print(name + ": " + ("empty" if got in (None, "") else "GOT " + str(got)))
    except BaseException as error:
        print(name + ": blocked (" + type(error).__name__ + ")")
print("python done")
`;

const PROBE_NAMES = [
  "cookie",
  "localStorage",
  "sessionStorage",
  "parent",
  "top",
  "opener",
  "fetchMe",
  "fetchApi",
  "xhr",
];

test("shared code cannot reach the viewer's session, in a page, in JavaScript or in Python", {
  timeout: 300_000,
}, async ({ watched }) => {
  const { page } = watched;
  await registerLearner(page, ctx.url, "Mallory");
  await createProject(page, "web", "Innocent page");
  await writeCode(
    page,
    `<!doctype html><html><body><h1>Hi</h1><script>${PROBES}</script></body></html>`,
  );
  await saved(page);
  const pageUrl = await makeLink(page);
  await page.keyboard.press("Escape");
  await createProject(page, "javascript", "Innocent script");
  await writeCode(page, PROBES);
  await saved(page);
  const scriptUrl = await makeLink(page);
  await page.keyboard.press("Escape");
  await createProject(page, "python", "Innocent program");
  await writeCode(page, PYTHON_PROBES);
  await saved(page);
  const pythonUrl = await makeLink(page);

  // The viewer is signed in: their session is in this browser's storage and cookies.
  const viewer = await visitor();
  const account = await registerLearner(viewer.page, ctx.url, "Victim Viewer");
  const secrets = await viewer.page.evaluate(() => localStorage.getItem("lumen-refresh-token"));
  const cookies = (await viewer.context.cookies()).map((c) => c.value).filter((v) => v.length > 8);
  // The sandbox's refusals show on the console as errors; they are what this test expects.
  viewer.allowed.push(/./);

  await viewer.page.goto(pageUrl);
  await viewer.page.getByTestId("project-run").click();
  const frame = viewer.page.frameLocator("[data-lumen-preview]");
  const report = frame.locator("#report");
  for (const name of PROBE_NAMES) await report.getByText(`${name}: `).waitFor(WAIT);
  const pageReport = (await report.textContent()) ?? "";

  await viewer.page.goto(scriptUrl);
  await viewer.page.getByTestId("project-run").click();
  const consoleBox = viewer.page.getByTestId("run-console");
  await consoleBox.getByText("xhr: ").waitFor(WAIT);
  const scriptReport = (await consoleBox.textContent()) ?? "";

  await viewer.page.goto(pythonUrl);
  await viewer.page.getByTestId("project-run").click();
  await consoleBox.getByText("python done").waitFor(WAIT);
  const pythonReport = (await consoleBox.textContent()) ?? "";

  for (const report of [pageReport, scriptReport, pythonReport]) {
    expect(report, report).not.toContain("GOT");
    expect(report).not.toContain(account.email);
    expect(report).not.toContain(account.userId);
    if (secrets) expect(report).not.toContain(secrets);
    for (const value of cookies) expect(report).not.toContain(value);
  }
  // What each sandbox really does: the page frame has an opaque origin (storage and the parent
  // are refused); the JavaScript and Python workers have no document, storage or network at all.
  expect(pageReport).toMatch(/cookie: blocked \(SecurityError\)/);
  expect(pageReport).toMatch(/localStorage: blocked \(SecurityError\)/);
  expect(pageReport).toMatch(/parent: blocked \(SecurityError\)/);
  expect(scriptReport).toMatch(/cookie: blocked \(ReferenceError\)/);
  expect(scriptReport).toMatch(/fetchMe: blocked/);
  expect(pythonReport).toMatch(/fetchMe: blocked/);
  console.info(`page:\n${pageReport}\nworker:\n${scriptReport}\npython:\n${pythonReport}`);
  await viewer.context.close();
});
