/**
 * {product} AI in lessons and the chat box (issue 16) in Chromium. With the scripted model
 * (e2e/support/fake-llm/): a learner fails a Python check, presses "Ask Lumen AI", gets a streamed
 * reply naming the failing line without the solution, rates it (the rating shows on the course
 * engineers' ratings page), and a free message is used up (read from /v1/ai/status before and
 * after). Without a model: the Ask button, the tutor panel and the chat box say the AI is not set
 * up, with the input disabled before sending, hints unchanged, and no console error. Screenshots:
 * desktop, 390 px phone and dark, in docs/screenshots/issue-16/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { openPage } from "./support/browser.ts";
import { fakeFixtureSchema } from "./support/fake-llm/fixtures.ts";
import { type FakeLlm, startFakeLlm } from "./support/fake-llm/server.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { editor, registerLearner, registerSubscriber, writeCode } from "./support/learner.ts";
import { ROOT, startTestServer, type TestServer } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-16");
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 45_000 };
const PRINT_LESSON = "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1";
const TUTOR_LESSON = "/web/track/1/tutorial/101/chapter/10101/tutor?lesson=1";
const SOLUTION = 'print("Hello, world!")';
const REPLY =
  "Look at **line 1**: your `print` runs, but compare its text with what the check expects, letter by letter. What is missing?";

const button = (page: Page | Locator, name: string | RegExp) =>
  page.getByRole("button", { name, exact: typeof name === "string" });

interface Status {
  freeMessagesLeft: number;
  balance: number;
  nextMessageCost: number;
  canSend: boolean;
}

/** The API as a signed-in account; the session's refresh token for the browser too. */
async function signIn(baseUrl: string, account: { email: string; password: string }) {
  const res = await fetch(`${baseUrl}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(res.status, `sign-in of ${account.email}`).toBe(200);
  const { idToken, refreshToken } = (await res.json()) as { idToken: string; refreshToken: string };
  const get = async <T>(pathname: string): Promise<T> => {
    const answer = await fetch(`${baseUrl}${pathname}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    return (await answer.json()) as T;
  };
  return { get, refreshToken };
}

/** Desktop, 390 px phone and dark of the screen as it is now. */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone-dark.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop-dark.png`), fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.emulateMedia({ colorScheme: "light" });
}

/** Fails the print lesson's check with code that prints the wrong text. */
async function failPrintCheck(page: Page, baseUrl: string, lesson = PRINT_LESSON) {
  await page.goto(`${baseUrl}${lesson}`);
  await editor(page).waitFor(WAIT);
  await writeCode(page, 'print("Hello world")');
  await button(page, "Check").click();
  await page.getByTestId("lesson-feedback").waitFor(WAIT);
}

describe("without a model", () => {
  test("the Ask button, the tutor panel and the chat box say the AI is not set up", async ({
    watched,
  }) => {
    const { page } = watched;
    await registerLearner(page, ctx.url);
    await failPrintCheck(page, ctx.url);
    await button(page, "Ask Lumen AI").click();
    const chat = page.getByTestId("tutor-chat");
    await chat.getByText("Lumen AI is not set up on this server").waitFor(WAIT);
    await expect.poll(() => chat.getByText(/AI_BASE_URL and AI_MODEL/).count()).toBe(1);
    expect(await chat.getByLabel("Your message").isDisabled()).toBe(true);
    await shots(page, "ask-ai-not-configured");

    // The tutor route keeps its hints and solution as they were, beside the notice.
    await page.goto(`${ctx.url}${TUTOR_LESSON}`);
    const panel = page.getByTestId("tutor-panel");
    await panel.getByText("Lumen AI is not set up on this server").waitFor(WAIT);
    await expect.poll(() => button(panel, "Show the solution").count()).toBe(1);

    // The chat box opens as a dialog, says the same, and Escape closes it.
    await page.getByTestId("chatbox-button").click();
    const box = page.getByRole("dialog", { name: "Lumen AI" });
    await box.getByText("Lumen AI is not set up on this server").waitFor(WAIT);
    expect(await box.getByLabel("Your message").isDisabled()).toBe(true);
    await shots(page, "chatbox-not-configured");
    await page.keyboard.press("Escape");
    await expect.poll(() => box.count()).toBe(0);
  });
});

describe("with the scripted model", () => {
  let fake: FakeLlm;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeLlm();
    fake.setFixtures(
      [
        { name: "tutor", match: { contains: "why does my check fail" }, text: REPLY, delayMs: 30 },
        {
          // Tries to give a choice lesson's right answer away: the leak guard must stop it.
          name: "choice-leak",
          match: { contains: "which line is it" },
          text: 'It is `lives = "three";`: a string in a number.',
        },
        {
          name: "assistant",
          match: { contains: "what should i learn" },
          text: "Keep going with **Python**: lists come next.",
        },
      ].map((fixture) => fakeFixtureSchema.parse(fixture)),
      true,
    );
    server = await startTestServer({ AI_BASE_URL: fake.url, AI_MODEL: "scripted" });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("a failed Python check, Ask Lumen AI, a streamed reply rated, seen by a course engineer", async ({
    watched,
  }) => {
    const { page } = watched;
    const learner = await registerLearner(page, server.url);
    const api = await signIn(server.url, learner);
    const before = await api.get<Status>("/v1/ai/status");
    expect(before).toMatchObject({ canSend: true, nextMessageCost: 0 });

    await failPrintCheck(page, server.url);
    await button(page, "Ask Lumen AI").click();
    const chat = page.getByTestId("tutor-chat");
    await chat
      .getByText(`Free: ${before.freeMessagesLeft} free messages left today.`)
      .waitFor(WAIT);
    await chat.getByLabel("Your message").fill("Why does my check fail?");
    await button(page, "Send").click();

    const reply = chat.getByTestId("ai-reply");
    await expect.poll(() => reply.getAttribute("data-state"), WAIT).toBe("complete");
    const text = (await reply.textContent()) ?? "";
    expect(text).toContain("line 1");
    expect(text).not.toContain(SOLUTION);
    // Markdown: bold and code as elements, never as markup text.
    expect(await reply.locator("strong").allTextContents()).toEqual(["line 1"]);
    expect(await reply.locator("code").allTextContents()).toEqual(["print"]);

    // The model was sent the lesson's context: the learner's code and the failing check.
    const sent = fake.requests.filter((r) => r.fixture === "tutor");
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body)).toContain("Hello world");

    // One free message is spent (AI_CREDITS_PER_MESSAGE 1, AI_FREE_DAILY_MESSAGES 5).
    const after = await api.get<Status>("/v1/ai/status");
    expect(after.freeMessagesLeft).toBe(before.freeMessagesLeft - 1);
    expect(after.balance).toBe(before.balance);
    await chat.getByText(`Free: ${after.freeMessagesLeft} free messages left today.`).waitFor(WAIT);

    await button(page, "Not helpful").click();
    await chat.getByLabel("Why? (optional)").fill("Too vague for me");
    await button(page, "Send reason").click();
    await chat.getByText("Thanks for rating this reply.").waitFor(WAIT);
    await shots(page, "ask-ai-reply");

    // A course engineer sees the rating with its reason and hint level.
    const engineer = await signIn(server.url, {
      email: "engineer@lumen.localhost",
      password: "engineer-demo",
    });
    const staff = await openPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
    await staff.page.addInitScript(
      ([token]) => {
        if (window !== window.top || sessionStorage.getItem("e2e-seeded")) return;
        sessionStorage.setItem("e2e-seeded", "1");
        localStorage.setItem("lumen-refresh-token", token);
      },
      [engineer.refreshToken] as const,
    );
    await staff.page.goto(`${server.url}/web/ai-ratings`);
    const latest = staff.page.getByTestId("ai-ratings-latest");
    await latest.getByText("Too vague for me").waitFor(WAIT);
    expect(await latest.textContent()).toContain("Not helpful");
    const row = staff.page
      .getByTestId("ai-ratings-lessons")
      .getByRole("row", { name: /Print a greeting/ });
    expect(await row.getByTestId("ratings-down").textContent()).toBe("1");
    await shots(staff.page, "ai-ratings");
    await staff.context.close();
    expect(staff.errors).toEqual([]);
  });

  test("a wrong choice, Ask Lumen AI with the answer given, and a reply that gives the right one away is replaced", async ({
    watched,
  }) => {
    const { page } = watched;
    await registerLearner(page, server.url);
    await page.goto(`${server.url}/web/track/5/tutorial/501/chapter/50101/learn?lesson=2`);
    await page.getByRole("radio", { name: /title = "Level 2";/ }).click();
    await button(page, "Check").click();
    await page.getByText("Not quite. Try again.").waitFor(WAIT);
    await button(page, "Ask Lumen AI").click();
    const chat = page.getByTestId("tutor-chat");
    await chat.getByLabel("Your message").fill("Which line is it?");
    await button(page, "Send").click();
    // The leak guard replaced the model's reply before any of it was shown.
    const reply = chat.getByTestId("ai-reply");
    await expect.poll(() => reply.getAttribute("data-state"), WAIT).toBe("replaced");
    expect((await reply.textContent()) ?? "").not.toContain('lives = "three"');
    // The model was told which answer the learner picked.
    const sent = fake.requests.filter((r) => r.fixture === "choice-leak");
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body)).toMatch(/title = \\*"Level 2\\*";/);
  });

  test("the chat box answers, keeps the conversation in its history, and deletes it", async ({
    watched,
  }) => {
    const { page } = watched;
    await registerLearner(page, server.url);
    await page.getByTestId("chatbox-button").click();
    const box = page.getByRole("dialog", { name: "Lumen AI" });
    await box.getByLabel("Your message").fill("What should I learn next?");
    await box.getByLabel("Your message").press("Enter");
    const reply = box.getByTestId("ai-reply");
    await expect.poll(() => reply.getAttribute("data-state"), WAIT).toBe("complete");
    expect(await reply.locator("strong").allTextContents()).toEqual(["Python"]);
    await shots(page, "chatbox-reply");

    await button(box, "History").click();
    const history = box.getByTestId("ai-history");
    await history.waitFor(WAIT);
    expect(await history.getByRole("listitem").count()).toBe(1);
    await history.getByRole("button", { name: /^Delete/ }).click();
    await box.getByText("No conversations yet.").waitFor(WAIT);
    await page.keyboard.press("Escape");
    await expect.poll(() => box.count()).toBe(0);
  });

  test("on a credit plan, a message costs AI_CREDITS_PER_MESSAGE (1) of the balance, said before sending", async ({
    watched,
  }) => {
    const { page } = watched;
    const learner = await registerSubscriber(page, server.url, "Ada Lovelace", "tier-1");
    const api = await signIn(server.url, learner);
    const before = await api.get<Status>("/v1/ai/status");
    expect(before).toMatchObject({ canSend: true, nextMessageCost: 1 });
    expect(before.balance).toBe(100);
    await page.getByTestId("chatbox-button").click();
    const box = page.getByRole("dialog", { name: "Lumen AI" });
    await box
      .getByText(/1 credit/)
      .first()
      .waitFor(WAIT);
    await box.getByLabel("Your message").fill("What should I learn next?");
    await box.getByLabel("Your message").press("Enter");
    const reply = box.getByTestId("ai-reply");
    await expect.poll(() => reply.getAttribute("data-state"), WAIT).toBe("complete");
    const after = await api.get<Status>("/v1/ai/status");
    expect(after.balance).toBe(before.balance - 1);
  });
});
