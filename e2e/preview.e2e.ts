/**
 * The course engineers' server preview on the lesson screen (issue 6), in Chromium: the demo
 * course engineer opens a Python code lesson, runs a wrong answer on the server and sees it fail
 * with the check's message, runs the lesson's solution and sees it pass, then clears the
 * preview's cache and runs again on fresh runtimes. A learner sees no preview button, and the
 * preview call made with their own token answers 403.
 */
import type { Page, Request } from "playwright-core";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { editor, registerLearner, writeCode } from "./support/learner.ts";

const ctx = useServerAndBrowser();

const ENGINEER = { email: "engineer@lumen.localhost", password: "engineer-demo" };
/** Python, "First steps", "Print a greeting" (content/tracks/python/01-hello-python/01-first-steps). */
const LESSON = "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1";
const CHAPTER_API = "/v1/preview/tracks/1/tutorials/101/chapters/10101";
const RUNFILES = `${CHAPTER_API}/lessons/1010102/runfiles`;
const CLEAR_CACHE = `${CHAPTER_API}/savedFiles/clearCache`;
/** The lesson's `--wrong--` answer and its `--solution--`, from the lesson's Markdown. */
const WRONG = 'print("hello world")';
const SOLUTION = '# Write your code below\nprint("Hello, world!")';
const CHECK_MESSAGE =
  "Print exactly Hello, world! with a capital H, the comma and the exclamation mark.";
const PREVIEW_BUTTON = "Run on the server (preview)";
/** A server preview starts Pyodide in Node on its first run. */
const SERVER_RUN = { timeout: 60_000 };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${ctx.url}/web/login?redirectUrl=${encodeURIComponent(LESSON)}`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.url}${LESSON}`);
}

/** The Authorization header the app's apiFetch put on a request. */
async function bearerOf(request: Request): Promise<string> {
  const header = (await request.allHeaders()).authorization;
  expect(header).toMatch(/^Bearer \S+$/);
  return header ?? "";
}

const isRunFiles = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === RUNFILES;

/**
 * Presses the preview button and answers the request it sent, the response, and the result the
 * screen shows once the server answered.
 */
async function previewOnServer(page: Page) {
  const sent = page.waitForRequest(isRunFiles);
  const answered = page.waitForResponse((r) => isRunFiles(r.request()), SERVER_RUN);
  await page.getByRole("button", { name: PREVIEW_BUTTON }).click();
  const request = await sent;
  const response = await answered;
  const shown = page.getByTestId("server-preview");
  await shown.waitFor(SERVER_RUN);
  return {
    request,
    status: response.status(),
    body: (await response.json()) as { status: string; tests: Array<{ status: string }> },
    shown: (await shown.textContent()) ?? "",
  };
}

test("a course engineer previews runfiles on the server: the wrong answer fails with the check's message, the solution passes, clearCache answers 204", async ({
  watched,
}) => {
  const { page } = watched;
  await signIn(page, ENGINEER);
  await editor(page).waitFor();
  await page.getByRole("complementary", { name: "Course engineer tools" }).waitFor();

  await writeCode(page, WRONG);
  const failed = await previewOnServer(page);
  expect(failed.request.postDataJSON()).toEqual({
    files: [{ userContent: WRONG, name: "main.py" }],
  });
  expect(failed.request.headers()["content-type"]).toBe("application/json");
  expect(failed.status).toBe(200);
  expect(failed.body.status).toBe("failed");
  expect(failed.body.tests.map((t) => t.status)).toEqual(["passed", "failed"]);
  expect(failed.shown).toBe(`Server run: failed: ${CHECK_MESSAGE}`);
  const bearer = await bearerOf(failed.request);

  await writeCode(page, SOLUTION);
  const passed = await previewOnServer(page);
  expect(passed.request.postDataJSON()).toEqual({
    files: [{ userContent: SOLUTION, name: "main.py" }],
  });
  expect(passed.status).toBe(200);
  expect(passed.body.status).toBe("passed");
  expect(passed.shown).toBe("Server run: passed");
  // The in-browser runner is untouched by the preview: the learner's own output panel is empty.
  expect(await page.getByTestId("run-console").textContent()).toContain("Run your code");

  // The screen has no control for clearCache: call it as the app's apiFetch would.
  const cleared = await page.evaluate(
    async ({ path, authorization }) => {
      const res = await fetch(path, { method: "POST", headers: { Authorization: authorization } });
      return { status: res.status, body: await res.text() };
    },
    { path: CLEAR_CACHE, authorization: bearer },
  );
  expect(cleared).toEqual({ status: 204, body: "" });

  // The next preview starts from fresh server runtimes and still passes.
  const again = await previewOnServer(page);
  expect(again.status).toBe(200);
  expect(again.body.status).toBe("passed");
  expect(again.shown).toBe("Server run: passed");
}, 180_000);

test("a learner has no preview button, and the preview calls with their token answer 403", async ({
  watched,
}) => {
  const { page, context } = watched;
  await registerLearner(page, ctx.url);
  await page.getByRole("button", { name: "Account: Grace Hopper" }).waitFor();
  const savedFilesRead = page.waitForRequest(
    (r) => r.method() === "GET" && new URL(r.url()).pathname.endsWith("/chapters/10101/savedFiles"),
  );
  await page.goto(`${ctx.url}${LESSON}`);
  await editor(page).waitFor();
  await page.getByRole("button", { name: "Account: Grace Hopper" }).waitFor();
  const bearer = await bearerOf(await savedFilesRead);
  await page.getByRole("button", { name: "Run", exact: true }).waitFor();
  expect(await page.getByRole("button", { name: PREVIEW_BUTTON }).count()).toBe(0);
  expect(await page.getByRole("complementary", { name: "Course engineer tools" }).count()).toBe(0);
  expect(await page.getByTestId("server-preview").count()).toBe(0);

  // The context's request client carries the learner's session cookie as well.
  expect((await context.cookies()).some((c) => c.name === "lumen_session")).toBe(true);
  const runfiles = await context.request.post(`${ctx.url}${RUNFILES}`, {
    headers: { Authorization: bearer },
    data: { files: [{ userContent: SOLUTION, name: "main.py" }] },
  });
  expect(runfiles.status()).toBe(403);
  expect(await runfiles.json()).toMatchObject({
    message: "Only course engineers can use the preview.",
  });
  const clearCache = await context.request.post(`${ctx.url}${CLEAR_CACHE}`, {
    headers: { Authorization: bearer },
  });
  expect(clearCache.status()).toBe(403);
});
