/**
 * The community (issue 17), as learners use it: after a failed Check in a JavaScript lesson, "Ask
 * the community" opens a thread pre-filled with the lesson, the code and the failing check; the
 * learner posts it; another learner replies mentioning the first by name and the mention mail
 * reaches the development mailbox; the first learner publishes a shared project to the showcase
 * and the other likes it. Every field carries a script injection and no script ever runs.
 * Screenshots of the community, the new thread form and a thread: desktop and phone, light and dark.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { openPage } from "./support/browser.ts";
import { expect, SCREENSHOT_DIR, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner, writeCode } from "./support/learner.ts";

const ctx = useServerAndBrowser();
const RUN = { timeout: 60_000 };
const LESSON = "/web/track/2/tutorial/201/chapter/20101/learn?lesson=1";
const ATTACK = "<img src=x onerror=window.__pwned=1><script>window.__pwned=1</script>";

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${ctx.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** No injected script ran on the page, and no dialog opened. */
async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

test("ask the community from a failing lesson, get a reply that mentions you, like a project", {
  timeout: 300_000,
}, async ({ watched }) => {
  const { page } = watched;
  page.on("dialog", (dialog) => {
    throw new Error(`an injected dialog opened: ${dialog.message()}`);
  });
  const ada = await registerLearner(page, ctx.url, "Ada Lovelace");

  // The header's Community menu leads to the help threads and the showcase.
  await page.getByRole("button", { name: "Community", exact: true }).click();
  await page.getByRole("menuitem", { name: "Help threads" }).click();
  await page.waitForURL(/\/web\/community\?tab=help$/);
  await page.getByRole("link", { name: "Help threads", exact: true }).waitFor();
  await page.getByRole("heading", { level: 1, name: "Community" }).waitFor();

  // A failing Check, then "Ask the community".
  await page.goto(ctx.url + LESSON);
  await writeCode(page, `console.log("hello"); // ${ATTACK}`);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const feedback = page.getByTestId("lesson-feedback");
  await feedback.waitFor(RUN);
  await page.getByTestId("ask-community").click();
  await page.waitForURL(/\/web\/community\/new$/);
  await page.getByRole("heading", { level: 1, name: "Ask the community" }).waitFor();
  const lessonTitle = await page.getByTestId("draft-lesson").textContent();
  expect(lessonTitle?.length).toBeGreaterThan(0);
  expect(await page.getByTestId("draft-failing-check").textContent()).toContain(
    "Log exactly Hello, JavaScript!",
  );
  await page.getByText(`console.log("hello"); // ${ATTACK}`).waitFor();
  await page
    .getByTestId("similar-threads")
    .getByRole("heading", { name: "Similar threads" })
    .waitFor();
  expect(await page.getByLabel("Title").inputValue()).toBe(`Stuck on "${lessonTitle}"`);
  await shot(page, "community-new-thread-desktop-light");

  const title = `Why no Hello? ${ATTACK}`;
  await page.getByLabel("Title").fill(title);
  await page
    .getByLabel("Your question")
    .fill(
      `I log **hello** ${ATTACK}\n\n\`\`\`js\nconsole.log("hello") // </code>${ATTACK}\n\`\`\`\n[x](javascript:window.__pwned=1)`,
    );
  await page.getByRole("button", { name: "Post the question" }).click();
  await page.waitForURL(/\/web\/community\/[0-9a-f-]{36}$/);
  const threadUrl = page.url();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await page.getByTestId("failing-check").waitFor();
  await expectNoScriptRan(page);

  // Another learner, in another browser, replies and mentions Ada by name.
  const bob = await openPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
  bob.page.on("dialog", (dialog) => {
    throw new Error(`an injected dialog opened: ${dialog.message()}`);
  });
  await registerLearner(bob.page, ctx.url, "Bob <b>Builder</b>");
  await bob.page.goto(threadUrl);
  await bob.page.getByRole("heading", { level: 1, name: title }).waitFor(RUN);
  await bob.page
    .getByLabel("Your reply")
    .fill(`@Ada Lovelace try \`console.log("Hello, JavaScript!")\` ${ATTACK}`);
  await bob.page.getByRole("button", { name: "Post reply" }).click();
  await bob.page.getByTestId("comment").getByText("Bob <b>Builder</b>").waitFor(RUN);
  await expectNoScriptRan(bob.page);

  // The mention mail reached Ada.
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${ctx.url}/dev/mailbox`);
  const mail = mailbox.locator("article", { hasText: `To: ${ada.email}` }).filter({
    hasText: "mentioned you",
  });
  await mail.first().waitFor();
  expect(await mail.first().textContent()).toContain(threadUrl.replace(ctx.url, ""));
  await mailbox.close();

  // Ada sees the reply.
  await page.reload();
  await page.getByTestId("comment").getByText("try").waitFor(RUN);
  await expectNoScriptRan(page);
  await shot(page, "community-thread-desktop-light");

  // Ada publishes a shared project to the showcase; Bob likes it.
  const token = await tokenOf(ada.email, ada.password);
  const created = await api(token, "POST", "/v1/projects", {
    name: "Snake <img src=x onerror=window.__pwned=1>",
    template: "python",
  });
  const projectId = (created.project as { id: string }).id;
  await api(token, "POST", "/v1/shares", { kind: "project", projectId });
  await page.goto(`${ctx.url}/web/community?tab=showcase`);
  await page.getByRole("heading", { name: "Publish a project" }).waitFor(RUN);
  await page.getByLabel("Title", { exact: true }).fill(`My snake ${ATTACK}`);
  await page.getByLabel("Description").fill(`Arrow keys ${ATTACK}`);
  await page.getByRole("button", { name: "Publish to the showcase" }).click();
  await page.waitForURL(/\/web\/community\/[0-9a-f-]{36}$/);
  const showcaseUrl = page.url();
  await page.getByRole("link", { name: "Open and run the project" }).waitFor();

  await bob.page.goto(showcaseUrl);
  const like = bob.page.getByTestId("like-button");
  await like.waitFor(RUN);
  await like.click();
  await bob.page.getByTestId("like-total").getByText("1", { exact: true }).waitFor();
  expect(await like.getAttribute("aria-pressed")).toBe("true");
  await bob.page.goto(`${ctx.url}/web/community?tab=showcase&sort=likes`);
  const entry = bob.page.getByTestId("community-post").filter({ hasText: `My snake ${ATTACK}` });
  await entry.getByText("1 like").waitFor(RUN);
  await expectNoScriptRan(bob.page);
  await bob.context.close();
  expect(bob.errors).toEqual([]);

  // Screenshots: the lists and a thread, desktop and phone, light and dark.
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${ctx.url}/web/community?tab=showcase`);
      await page.getByTestId("community-post").first().waitFor(RUN);
      await shot(page, `community-showcase-${size}-${theme}`);
      await page.goto(`${ctx.url}/web/community?tab=help`);
      await page.getByTestId("community-post").first().waitFor(RUN);
      await shot(page, `community-help-${size}-${theme}`);
      await page.goto(threadUrl);
      await page.getByTestId("comment").first().waitFor(RUN);
      await shot(page, `community-thread-${size}-${theme}`);
      await expectNoScriptRan(page);
    }
  }
});
