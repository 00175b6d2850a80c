/**
 * The AI app builder (issue 18) in Chromium, against the scripted model: a learner asks for a
 * to-do app; the scripted agent rewrites the page with search-and-replace edits; the machine
 * starts; the preview (at the machine's own origin) shows the app and adding an item works in
 * it; the machine page streams its log lines; publishing gives an instance that answers at its
 * own origin and cannot read the learner's cookies or call the API as them; undoing the turn
 * restores the files exactly. Screenshots: desktop, phone and dark in docs/screenshots/issue-18/.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { launchBrowser, openPage } from "./support/browser.ts";
import { fakeFixtureSchema } from "./support/fake-llm/fixtures.ts";
import { type FakeLlm, startFakeLlm } from "./support/fake-llm/server.ts";
import { expect, test } from "./support/fixtures.ts";
import { demoAdminToken, grantPlan, registerLearner, signInByApi } from "./support/learner.ts";
import { ROOT, startTestServer, type TestServer } from "./support/server.ts";

const SHOTS = path.join(ROOT, "docs/screenshots/issue-18");
mkdirSync(SHOTS, { recursive: true });
/** Machines build and start under load: generous, never a measure of speed. */
const SLOW = { timeout: 180_000 };
const TEMPLATE_APP = readFileSync(path.join(ROOT, "templates/apps/base/src/App.tsx"), "utf8");
const OLD_BODY = TEMPLATE_APP.slice(TEMPLATE_APP.indexOf("export function App()"));
const NEW_BODY = `export function App() {
  const [items, setItems] = useState<string[]>([]);
  const [text, setText] = useState("");
  useEffect(() => {
    document.title = \`To-do (\${items.length})\`;
  }, [items]);
  return (
    <main className="page">
      <h1>To-do</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) setItems([...items, text.trim()]);
          setText("");
        }}
      >
        <label htmlFor="item">New item</label>
        <input id="item" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit">Add</button>
      </form>
      <ul aria-label="Items">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
`;

let fake: FakeLlm;
let server: TestServer;
let machinesDir: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

async function setFlags(baseUrl: string, userId: string, flags: string[]) {
  const token = await demoAdminToken(baseUrl);
  for (const flag of flags) {
    const res = await fetch(`${baseUrl}/v1/admin/flags/${flag}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        everyone: false,
        roles: [],
        users: [userId],
        percentage: null,
        startsAt: null,
      }),
    });
    expect(res.status, flag).toBe(200);
  }
}

async function shots(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${name}: no sideways scroll on a phone`).toBeLessThanOrEqual(0);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone-dark.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.emulateMedia({ colorScheme: "light" });
}

beforeAll(async () => {
  fake = await startFakeLlm();
  fake.setFixtures(
    [
      {
        name: "todo",
        match: { contains: "make me a to-do app" },
        toolCalls: [
          { name: "read_file", arguments: { path: "src/App.tsx" } },
          {
            name: "replace_in_file",
            arguments: { path: "src/App.tsx", search: OLD_BODY, replace: NEW_BODY },
          },
        ],
        afterTools: "Your app is now a to-do list: type an item and press Add.",
      },
    ].map((fixture) => fakeFixtureSchema.parse(fixture)),
    true,
  );
  // Machines run as users of their own: their folder's parents must let them pass.
  machinesDir = mkdtempSync(path.join(tmpdir(), "lumen-e2e-machines-"));
  chmodSync(machinesDir, 0o711);
  [server, browser] = await Promise.all([
    startTestServer({
      AI_BASE_URL: fake.url,
      AI_MODEL: "scripted",
      MACHINES_DIR: path.join(machinesDir, "m"),
    }),
    launchBrowser(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  if (machinesDir) rmSync(machinesDir, { recursive: true, force: true });
}, 120_000);

describe("the app builder", () => {
  test("a to-do app from a prompt: edits, preview, logs, publish at its own origin, undo", async () => {
    const watched = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = watched;
    // The learner's app runs Vite's dev server: while it re-bundles after an edit it answers a
    // module request 504 once and reloads the page. That is the app's, not the product's.
    watched.allowed.push(/status of 504 .*\.apps\.localhost:\d+\//);
    const base = server.url;
    const learner = await registerLearner(page, base);
    await grantPlan(base, learner, "tier-2");
    await setFlags(base, learner.userId, [
      "enablePartialFileReplacement",
      "enableDiffView",
      "showMachineLogs",
    ]);

    await page.goto(`${base}/web/build`);
    await page.getByRole("heading", { name: "AI app builder" }).waitFor(SLOW);
    await page.getByLabel("What do you want to build?").fill("Please make me a to-do app");
    await shots(page, "builds");
    await page.getByRole("button", { name: "Build it" }).click();
    await page.waitForURL(/\/web\/build\/[0-9a-f-]{36}$/, SLOW);
    const buildId = page.url().split("/").at(-1) ?? "";

    // The agent's turn: its edits, then its answer once its own check passed.
    await page.getByText("Your app is now a to-do list").waitFor(SLOW);
    await expect.poll(() => page.getByText("Edited src/App.tsx (exact match)").count()).toBe(1);
    await expect.poll(() => page.getByText("Builds", { exact: true }).count()).toBe(1);

    // The preview, at the machine's own origin: the to-do app works in it.
    const frame = page.frameLocator('iframe[title="App preview"]');
    await frame.getByRole("heading", { name: "To-do" }).waitFor(SLOW);
    const previewSrc =
      (await page.locator('iframe[title="App preview"]').getAttribute("src")) ?? "";
    expect(new URL(previewSrc).hostname).toMatch(/^p-[0-9a-f]{32}[0-9a-z]{24}\.apps\.localhost$/);
    await frame.getByLabel("New item").fill("Buy milk");
    await frame.getByRole("button", { name: "Add" }).click();
    await frame.getByRole("listitem").filter({ hasText: "Buy milk" }).waitFor(SLOW);
    await shots(page, "build");

    // The diff view shows the change.
    await page
      .getByRole("button", { name: /Show changes|Hide changes/ })
      .first()
      .waitFor(SLOW);

    // The machine page streams its log.
    await page.getByRole("link", { name: "Machine and logs" }).click();
    await page.waitForURL(/\/web\/build\/machines\//, SLOW);
    await page.getByText("app ready on /run/app/app.sock").first().waitFor(SLOW);
    await shots(page, "machine");

    // Publish: an instance at its own origin.
    await page.goto(`${base}/web/build/${buildId}`);
    await page.getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish this app" });
    await dialog.getByLabel(/Address name/).fill("todo-e2e");
    await dialog.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(/\/web\/instance\/[0-9a-f-]{36}$/, SLOW);
    const port = new URL(base).port;
    const instanceUrl = `http://todo-e2e.apps.localhost:${port}/`;
    await expect.poll(() => page.getByText(instanceUrl).count(), SLOW).toBeGreaterThan(0);

    // The instance answers at its own origin (it builds first: the page retries until then).
    const visitor = await page.context().newPage();
    await visitor.goto(instanceUrl);
    await visitor.getByRole("heading", { name: "To-do" }).waitFor(SLOW);
    await visitor.getByLabel("New item").fill("Walk the dog");
    await visitor.getByRole("button", { name: "Add" }).click();
    await visitor.getByRole("listitem").filter({ hasText: "Walk the dog" }).waitFor(SLOW);
    // The learner is signed in on the product (its session cookie is there)...
    const productCookies = await page.context().cookies(base);
    expect(productCookies.length).toBeGreaterThan(0);
    // ...and the instance sees none of it, and cannot call the API as the learner.
    const seen = await visitor.evaluate(async (api) => {
      let apiAnswer = "blocked";
      try {
        const res = await fetch(`${api}/v1/me`, { credentials: "include" });
        apiAnswer = `read ${res.status}`;
      } catch {
        apiAnswer = "blocked";
      }
      let framed = "blocked";
      try {
        framed = String(window.parent !== window && window.parent.document.cookie);
      } catch {
        framed = "blocked";
      }
      return { cookie: document.cookie, apiAnswer, framed, storage: localStorage.length };
    }, base);
    expect(seen).toEqual({ cookie: "", apiAnswer: "blocked", framed: "false", storage: 0 });
    const instanceCookies = await page.context().cookies(instanceUrl);
    expect(instanceCookies.map((c) => c.name)).toEqual([]);
    await visitor.close();
    watched.allowed.push(/Failed to fetch|CORS|Access-Control-Allow-Origin|net::ERR_FAILED/);
    await shots(page, "instance");

    // Undo: the files are exactly the template's again.
    await page.goto(`${base}/web/build/${buildId}`);
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Undone", { exact: true }).waitFor(SLOW);
    const { idToken } = await signInByApi(base, learner);
    const build = await fetch(`${base}/v1/builds/${buildId}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    const body = (await build.json()) as {
      build: { files: Array<{ path: string; content: string }> };
    };
    expect(body.build.files.find((f) => f.path === "src/App.tsx")?.content).toBe(TEMPLATE_APP);
    await frame.getByRole("heading", { name: "My app" }).waitFor(SLOW);
    await watched.context.close();
    const unexpected = watched.errors.filter((e) => !watched.allowed.some((re) => re.test(e)));
    expect(unexpected, "console errors during the test").toEqual([]);
  }, 900_000);
});
