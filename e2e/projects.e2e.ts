/**
 * Freeform projects (issue 17) in Chromium: a learner creates a project from each template, runs
 * it with the in-browser runners and sees its output, reloads it, finds it in My projects; edits
 * a file and adds, renames and deletes files, and finds all of it after a reload; a project opened
 * once opens, changes and runs offline, and its changes reach the server when the connection is
 * back. Screenshots
 * (desktop and phone, light and dark) go to docs/screenshots/issue-17/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { axeViolations } from "./support/axe.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner, writeCode } from "./support/learner.ts";
import { ROOT } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-17");
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 60_000 };
async function tokenOf(learner: { email: string; password: string }): Promise<string> {
  const signIn = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: learner.email, password: learner.password }),
  });
  return ((await signIn.json()) as { idToken: string }).idToken;
}

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

const consoleText = (page: Page) => page.getByTestId("run-console");
const saved = (page: Page) =>
  page.locator("[data-testid=project-sync][data-state=saved]").waitFor(WAIT);

/** What each template shows when run. */
const RUNS: Array<{ template: string; name: string; expect(page: Page): Promise<void> }> = [
  {
    template: "python",
    name: "Shopping in Python",
    expect: (page) => consoleText(page).getByText("Total: 5.95").waitFor(WAIT),
  },
  {
    template: "javascript",
    name: "Greetings in JS",
    expect: (page) => consoleText(page).getByText("Hello, Ada!").waitFor(WAIT),
  },
  {
    template: "web",
    name: "My web page",
    expect: async (page) => {
      await page.frameLocator("[data-lumen-preview]").getByText("Hello, web!").waitFor(WAIT);
      await consoleText(page).getByText("The page is ready.").waitFor(WAIT);
    },
  },
  {
    template: "sql",
    name: "Library queries",
    expect: (page) => page.getByTestId("run-table").getByText("Chinua Achebe").waitFor(WAIT),
  },
  {
    template: "react-ts",
    name: "React counter",
    expect: (page) =>
      page.frameLocator("[data-lumen-preview]").getByText("Hello, React!").waitFor(WAIT),
  },
];

test("a project from each template runs, survives a reload and is in My projects", {
  timeout: 400_000,
}, async ({ watched }) => {
  const { page } = watched;
  await registerLearner(page, ctx.url, "Ada Lovelace");
  for (const run of RUNS) {
    await createProject(page, run.template, run.name);
    await page.getByTestId("project-run").click();
    await run.expect(page);
    if (run.template === "web") {
      await page.screenshot({ path: path.join(SHOTS, "project-editor-desktop-light.png") });
    }
    await page.reload();
    await page.getByTestId("project-name").filter({ hasText: run.name }).waitFor(WAIT);
    await page.getByTestId("project-run").click();
    await run.expect(page);
  }
  // The account menu leads to My projects, which lists all five.
  await page.getByRole("button", { name: "Account: Ada Lovelace" }).click();
  await page.getByTestId("account-projects").click();
  await page.waitForURL(`${ctx.url}/web/projects`, WAIT);
  const list = page.getByTestId("project-list");
  for (const run of RUNS) await list.getByRole("link", { name: run.name }).waitFor(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "my-projects-desktop-light.png") });
  expect(await axeViolations(page)).toEqual([]);
});

test("edits, new, renamed and deleted files are all there after a reload", {
  timeout: 300_000,
}, async ({ watched }) => {
  const { page } = watched;
  const learner = await registerLearner(page, ctx.url, "Grace Hopper");
  await createProject(page, "python", "Files project");
  const tree = page.getByTestId("file-tree");

  await writeCode(page, 'print("edited on the device")\n');
  await saved(page);

  await tree.getByRole("button", { name: "New file" }).click();
  await page.getByLabel("File name").fill("notes.py");
  await page.getByRole("button", { name: "Create file" }).click();
  await tree.locator("[data-path='notes.py']").waitFor(WAIT);

  await tree.getByRole("button", { name: "Rename shopping.py" }).click();
  await page.getByLabel("File path").fill("lib/basket.py");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await tree.locator("[data-path='lib/basket.py']").waitFor(WAIT);

  // Renaming the file that runs first moves the entry with it.
  await tree.getByRole("button", { name: "Rename main.py" }).click();
  await page.getByLabel("File path").fill("app.py");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await tree.locator("[data-path='app.py']").waitFor(WAIT);

  await tree.getByRole("button", { name: "Delete notes.py" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await tree.locator("[data-path='notes.py']").waitFor({ state: "detached", ...WAIT });
  await saved(page);

  await page.reload();
  await tree.locator("[data-path='lib/basket.py']").waitFor(WAIT);
  const paths = await tree
    .locator("[data-testid=tree-file]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-path")));
  // Folders first, as the tree shows them.
  expect(paths).toEqual(["lib/basket.py", "app.py"]);
  await page.getByTestId("project-run").click();
  await consoleText(page).getByText("edited on the device").waitFor(WAIT);

  // The server has the same files: the edits were synced, not only kept on this device.
  const signIn = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: learner.email, password: learner.password }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const id = page.url().split("/").pop();
  const answer = await fetch(`${ctx.url}/v1/projects/${id}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const { project } = (await answer.json()) as {
    project: { entry: string; files: Array<{ path: string; content: string }> };
  };
  expect(project.entry).toBe("app.py");
  expect(project.files.map((f) => f.path)).toEqual(["app.py", "lib/basket.py"]);
  expect(project.files.find((f) => f.path === "app.py")?.content).toContain("edited on the device");

  expect(await axeViolations(page)).toEqual([]);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `project-files-desktop-${scheme}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: path.join(SHOTS, `project-editor-phone-${scheme}.png`),
      fullPage: true,
    });
    await page.goto(`${ctx.url}/web/projects`);
    await page
      .getByTestId("project-list")
      .getByRole("link", { name: "Files project" })
      .waitFor(WAIT);
    await page.screenshot({
      path: path.join(SHOTS, `my-projects-phone-${scheme}.png`),
      fullPage: true,
    });
    await page.getByRole("button", { name: "New project" }).click();
    await page.screenshot({ path: path.join(SHOTS, `new-project-phone-${scheme}.png`) });
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("project-list").getByRole("link", { name: "Files project" }).click();
    await tree.locator("[data-path='app.py']").waitFor(WAIT);
  }
});

test("a project opened once opens, changes and runs offline, and syncs when back online", {
  timeout: 300_000,
}, async ({ watched }) => {
  const { page } = watched;
  watched.allowed.push(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/);
  const learner = await registerLearner(page, ctx.url, "Katherine Johnson");
  await createProject(page, "javascript", "Offline project");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  await page.getByTestId("project-run").click();
  await consoleText(page).getByText("Hello, Ada!").waitFor(WAIT);
  const url = page.url();

  await page.context().setOffline(true);
  await page.reload();
  await page.getByTestId("project-name").filter({ hasText: "Offline project" }).waitFor(WAIT);
  await writeCode(page, 'console.log("written offline");\n');
  await page.locator("[data-testid=project-sync][data-state=offline]").waitFor(WAIT);
  await page.getByTestId("project-run").click();
  await consoleText(page).getByText("written offline").waitFor(WAIT);
  await page.reload();
  await page.getByTestId("project-run").click();
  await consoleText(page).getByText("written offline").waitFor(WAIT);

  // My projects, offline: the server's list is out of reach; the device's copy is listed and opens.
  await page.goto(`${ctx.url}/web/projects`);
  const kept = page
    .getByTestId("device-project-list")
    .getByRole("link", { name: "Offline project" });
  await kept.waitFor(WAIT);
  await kept.click();
  await page.getByTestId("project-name").filter({ hasText: "Offline project" }).waitFor(WAIT);

  await page.context().setOffline(false);
  await saved(page);
  const signIn = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: learner.email, password: learner.password }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const answer = await fetch(`${ctx.url}/v1/projects/${url.split("/").pop()}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const { project } = (await answer.json()) as {
    project: { files: Array<{ path: string; content: string }> };
  };
  expect(project.files.find((f) => f.path === "main.js")?.content).toContain("written offline");
});

test("a save from a stale copy keeps the learner's text and the other version, and says so", {
  timeout: 200_000,
}, async ({ watched }) => {
  const { page } = watched;
  // The stale save's 409 is the browser's console line for the refused request.
  watched.allowed.push(/status of 409/);
  const learner = await registerLearner(page, ctx.url, "Dorothy Vaughan");
  await createProject(page, "python", "Conflict project");
  const id = page.url().split("/").pop();
  const token = await tokenOf(learner);
  // Another device saves first: the server moves to revision 2.
  const other = await fetch(`${ctx.url}/v1/projects/${id}/files`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      baseRevision: 1,
      upserts: [{ path: "main.py", content: 'print("from the other device")\n' }],
    }),
  });
  expect(other.status).toBe(200);

  await writeCode(page, 'print("from this tab")\n');
  await page.getByText("This project was also changed elsewhere").waitFor(WAIT);
  await page.getByTestId("file-tree").locator("[data-path='main.other-device.py']").waitFor(WAIT);
  await saved(page);
  const answer = await fetch(`${ctx.url}/v1/projects/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { project } = (await answer.json()) as {
    project: { files: Array<{ path: string; content: string }> };
  };
  const byPath = Object.fromEntries(project.files.map((f) => [f.path, f.content]));
  expect(byPath["main.py"]).toContain("from this tab");
  expect(byPath["main.other-device.py"]).toContain("from the other device");
});
