/**
 * The onboarding chat (issue 16, spec sections 2 and 4) in Chromium. Without a model: a new
 * sign-up passes /onboarding-check into the chat once; each answer of the occupation question,
 * and each of the self-employed follow-up, stores the spec's value (read back from the API);
 * every step sends its event; the recommendation's "Set my daily goal" sets it and "Start lesson"
 * opens the track's first lesson; skipping honours the redirectUrl; no console error throughout.
 * With the scripted model (e2e/support/fake-llm/): "I run a small bakery" is read as
 * small_business_owner through structured output. Screenshots: desktop, 390 px phone and dark,
 * in docs/screenshots/issue-16/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { openPage } from "./support/browser.ts";
import { fakeFixtureSchema } from "./support/fake-llm/fixtures.ts";
import { type FakeLlm, startFakeLlm } from "./support/fake-llm/server.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";
import { registerLearner } from "./support/learner.ts";
import { ROOT, startTestServer, type TestServer } from "./support/server.ts";

const ctx = useServerAndBrowser();
const SHOTS = path.join(ROOT, "docs/screenshots/issue-16");
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 30_000 };
const CHAT = "/web/onboarding/chat";
const FIRST_WEB_LESSON = "/web/track/3/tutorial/301/chapter/30101/learn?lesson=0";
let counter = 0;
const newEmail = () => `onboarding-${Date.now()}-${++counter}@example.com`;

interface SentEvent {
  name: string;
  properties: Record<string, unknown>;
}

/** Every analytics event the page sends to POST /v1/events, as it sends them. */
function recordEvents(page: Page): SentEvent[] {
  const events: SentEvent[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/v1/events")) return;
    const batch = request.postDataJSON() as { events: SentEvent[] };
    events.push(...batch.events);
  });
  return events;
}
const named = (events: SentEvent[], name: string) =>
  events.filter((e) => e.name === name).map((e) => e.properties);

/** The API as this account: signed in once (sign-in is rate-limited), then GET any path. */
async function apiAs(baseUrl: string, account: { email: string; password: string }) {
  const signIn = await fetch(`${baseUrl}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(signIn.status, `sign-in of ${account.email}`).toBe(200);
  const { idToken } = (await signIn.json()) as { idToken: string };
  return async <T>(pathname: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${pathname}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    return (await res.json()) as T;
  };
}

interface Onboarding {
  status: string;
  step: string | null;
  occupation: string | null;
  interests: string[];
  motives: string[];
  recommendation: { track: { id: number }; dailyGoalXp: number } | null;
}

/** The learner's onboarding as the API answers it. */
async function onboardingOf(baseUrl: string, account: { email: string; password: string }) {
  const get = await apiAs(baseUrl, account);
  return () => get<Onboarding>("/v1/me/onboarding");
}

const chip = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const log = (page: Page) => page.getByRole("log", { name: /^Chat with / });

/** The page at rest: scrolled to the top, and every colour transition of a theme change done. */
async function still(page: Page) {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
}

/** Desktop, 390 px phone, and both dark, of the screen as it is now. */
async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  const url = page.url();
  const shot = async (suffix: string) => {
    await ready();
    await still(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${suffix}.png`), fullPage: true });
  };
  await shot("desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot("phone");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await shot("phone-dark");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot("desktop-dark");
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.emulateMedia({ colorScheme: "light" });
  expect(page.url()).toBe(url);
}

describe("without a model", () => {
  test("a new sign-up meets the chat once: Self-employed, then interests, motives and a recommendation", async ({
    watched,
  }) => {
    const { page } = watched;
    const events = recordEvents(page);
    const account = { email: newEmail(), password: "analytical-engine" };
    await page.goto(`${ctx.url}/web/register?redirectUrl=${encodeURIComponent("/web/streak")}`);
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${ctx.url}${CHAT}?redirectUrl=%2Fweb%2Fstreak`, WAIT);
    await page.getByRole("heading", { level: 1, name: "Find your first track" }).waitFor();
    await log(page).getByText("Hi, I'm Lumen AI!").waitFor();
    const read = await onboardingOf(ctx.url, account);
    await expect.poll(async () => (await read()).status).toBe("started");
    // No free-text box without a model: the answers are choices.
    expect(await page.getByLabel("Or answer in your own words").count()).toBe(0);
    await shots(page, "chat-first-question", () => chip(page, "Self-employed").waitFor());

    await chip(page, "Self-employed").click();
    await log(page).getByText("What kind of self-employed are you?").waitFor();
    expect(await read()).toMatchObject({ occupation: null, step: "self_employed" });
    await chip(page, "Small business owner").click();
    await log(page).getByText("What would you like to build?").waitFor();
    expect(await read()).toMatchObject({ occupation: "small_business_owner", step: "interests" });

    await chip(page, "Build websites").click();
    await chip(page, "Work with data").click();
    await shots(page, "chat-interests", () => chip(page, "Build websites").waitFor());
    await page.getByRole("button", { name: "Continue" }).click();
    await log(page).getByText("And why do you want to learn to code?").waitFor();
    await chip(page, "Start a career in tech").click();
    await page.getByRole("button", { name: "Continue" }).click();

    const card = page.getByRole("region", { name: "Web development (HTML and CSS)" });
    await card.waitFor(WAIT);
    await card.getByText("Because you want to build websites.").waitFor();
    await card.getByText("What is HTML?").waitFor();
    // Self-employed works: the career motive's 30 XP is kept to 20.
    await card.getByText("20 XP a day").waitFor();
    expect(await read()).toMatchObject({
      status: "completed",
      occupation: "small_business_owner",
      interests: ["websites", "data"],
      motives: ["career"],
      recommendation: { track: { id: 3 }, dailyGoalXp: 20 },
    });
    await shots(page, "chat-recommendation", () => card.waitFor());

    const goal = page.waitForResponse(
      (r) => r.url().endsWith("/v1/daily-goal") && r.request().method() === "PUT",
    );
    await card.getByRole("button", { name: "Set my daily goal" }).click();
    expect((await goal).status()).toBe(200);
    await card.getByText("Your daily goal is now 20 XP a day.").waitFor();
    expect(await card.getByRole("link", { name: "Start lesson" }).getAttribute("href")).toBe(
      FIRST_WEB_LESSON,
    );

    await expect
      .poll(() => events.map((e) => e.name), WAIT)
      .toEqual(
        expect.arrayContaining([
          "set_onboarding_step",
          "set_occupation",
          "set_interest",
          "set_motive",
          "onboarding_step",
        ]),
      );
    expect(named(events, "set_onboarding_step").map((p) => p.step)).toEqual([
      "occupation",
      "self_employed",
      "interests",
      "motives",
      "recommendation",
    ]);
    expect(named(events, "set_occupation")).toEqual([
      { occupation: "small_business_owner", source: "choice" },
    ]);
    expect(named(events, "set_interest")).toEqual([
      { interests: "websites,data", source: "choice" },
    ]);
    expect(named(events, "set_motive")).toEqual([{ motives: "career", source: "choice" }]);
    await expect
      .poll(() => named(events, "onboarding_step").map((p) => p.step), WAIT)
      .toEqual(["started", "completed", "set_daily_goal"]);

    await card.getByRole("link", { name: "Start lesson" }).click();
    await page.waitForURL(`${ctx.url}${FIRST_WEB_LESSON}`, WAIT);
    await page.getByRole("heading", { level: 1, name: "What is HTML?" }).waitFor(WAIT);

    // Once: the check now sends the learner onward, to the redirectUrl the allow-list accepts.
    await page.goto(`${ctx.url}/onboarding-check?redirectUrl=${encodeURIComponent("/web/streak")}`);
    await page.waitForURL(`${ctx.url}/web/streak`, WAIT);
    await page.getByRole("heading", { level: 1, name: "Streak" }).waitFor(WAIT);
    const { dailyGoal } = await (await apiAs(ctx.url, account))<{ dailyGoal: { xp: number } }>(
      "/v1/progress",
    );
    expect(dailyGoal.xp).toBe(20);
  });

  test("every answer of the occupation question stores the spec's value (section 4)", async ({
    watched,
  }) => {
    const { page } = watched;
    const events = recordEvents(page);
    const learner = await registerLearner(page, ctx.url, "Katherine Johnson");
    const read = await onboardingOf(ctx.url, learner);
    await page.goto(`${ctx.url}/onboarding-check`);
    await page.waitForURL(`${ctx.url}${CHAT}`, WAIT);

    // "High school student maps to high_school. University student maps to university. Employed
    // maps to employed. None of these maps to other."
    const main = [
      ["High school student", "high_school"],
      ["University student", "university"],
      ["Employed", "employed"],
      ["None of these", "other"],
    ] as const;
    for (const [choice, value] of main) {
      await chip(page, choice).click();
      await log(page).getByText("What would you like to build?").waitFor();
      expect(await read(), choice).toMatchObject({ occupation: value, step: "interests" });
      await page.getByRole("button", { name: "Back" }).click();
      await chip(page, choice).waitFor();
      expect(await chip(page, choice).getAttribute("aria-pressed")).toBe("true");
    }

    // "Self-employed types: Freelancer or professional maps to freelancer; Startup founder maps
    // to startup_founder; Small business owner maps to small_business_owner; None maps to other."
    const types = [
      ["Freelancer or professional", "freelancer"],
      ["Startup founder", "startup_founder"],
      ["Small business owner", "small_business_owner"],
      ["None", "other"],
    ] as const;
    for (const [choice, value] of types) {
      await chip(page, "Self-employed").click();
      await chip(page, choice).click();
      await log(page).getByText("What would you like to build?").waitFor();
      expect(await read(), choice).toMatchObject({ occupation: value, step: "interests" });
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: "Back" }).click();
      await chip(page, "Self-employed").waitFor();
    }

    await expect
      .poll(() => named(events, "set_occupation").map((p) => p.occupation), WAIT)
      .toEqual([...main.map(([, v]) => v), ...types.map(([, v]) => v)]);

    // Start over clears the answers.
    await page.getByRole("button", { name: "Start over" }).click();
    await expect.poll(async () => (await read()).occupation).toBeNull();
    await expect
      .poll(() => named(events, "onboarding_step").map((p) => p.step), WAIT)
      .toEqual(["started", "restarted"]);
  });

  test("skipping goes on to the redirectUrl; an evil one is refused with the warning", async ({
    watched,
  }) => {
    const { page } = watched;
    const events = recordEvents(page);
    const learner = await registerLearner(page, ctx.url, "Dorothy Vaughan");
    const read = await onboardingOf(ctx.url, learner);
    await page.goto(`${ctx.url}/onboarding-check?redirectUrl=${encodeURIComponent("/web/streak")}`);
    await page.waitForURL(`${ctx.url}${CHAT}?redirectUrl=%2Fweb%2Fstreak`, WAIT);
    await chip(page, "Employed").click();
    await log(page).getByText("What would you like to build?").waitFor();
    await page.getByRole("button", { name: "Skip for now" }).click();
    await page.waitForURL(`${ctx.url}/web/streak`, WAIT);
    expect(await read()).toMatchObject({ status: "skipped", occupation: "employed" });
    await expect
      .poll(() => named(events, "onboarding_step").map((p) => p.step), WAIT)
      .toEqual(["started", "skipped"]);

    const evil = await openPage(ctx.browser);
    const other = await registerLearner(evil.page, ctx.url, "Mallory");
    await evil.page.goto(
      `${ctx.url}/onboarding-check?redirectUrl=${encodeURIComponent("https://evil.example/x")}`,
    );
    await evil.page.waitForURL(`${ctx.url}${CHAT}`, WAIT);
    expect(evil.warnings.some((w) => w.startsWith("The redirect host must be one of"))).toBe(true);
    // The chat writes its row as it starts: asked for until the write has landed.
    const readOther = await onboardingOf(ctx.url, other);
    await expect.poll(async () => (await readOther()).status, WAIT).toBe("started");
    await evil.context.close();
    expect(evil.errors).toEqual([]);
  });
});

describe("with the scripted model", () => {
  let fake: FakeLlm;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeLlm();
    fake.setFixtures(
      [
        {
          name: "bakery",
          match: { contains: "small bakery" },
          object: { occupation: "small_business_owner" },
        },
        {
          name: "apps",
          match: { contains: "phone app" },
          object: { interests: ["apps"] },
        },
        {
          name: "gibberish",
          match: { contains: "purple" },
          object: { occupation: "unclear" },
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

  test("'I run a small bakery' is read as small_business_owner through structured output", async ({
    watched,
  }) => {
    const { page } = watched;
    const events = recordEvents(page);
    const learner = await registerLearner(page, server.url, "Grace Hopper");
    const read = await onboardingOf(server.url, learner);
    await page.goto(`${server.url}/onboarding-check`);
    await page.waitForURL(`${server.url}${CHAT}`, WAIT);
    const box = page.getByLabel("Or answer in your own words");

    await box.fill("My favourite colour is purple");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await log(page).getByText("Sorry, I couldn't tell from that.").waitFor(WAIT);
    await log(page).getByText("My favourite colour is purple").waitFor();
    expect((await read()).occupation).toBeNull();

    await box.fill("I run a small bakery");
    await shots(page, "chat-free-text", () => box.waitFor());
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await log(page).getByText("Got it: Small business owner.").waitFor(WAIT);
    await log(page).getByText("I run a small bakery").waitFor();
    expect(await read()).toMatchObject({ occupation: "small_business_owner", step: "interests" });
    const structured = fake.requests.filter((r) => r.fixture === "bakery");
    expect(structured).toHaveLength(1);
    expect(structured[0]?.body.response_format?.type).toBe("json_schema");

    await box.fill("I want to make a phone app");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await log(page).getByText("Got it: Make apps with React.").waitFor(WAIT);
    await chip(page, "Learn something new for fun").click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("region", { name: "React with TypeScript" }).waitFor(WAIT);
    expect(await read()).toMatchObject({
      status: "completed",
      occupation: "small_business_owner",
      interests: ["apps"],
      motives: ["curiosity"],
    });
    await expect
      .poll(() => named(events, "set_occupation"), WAIT)
      .toEqual([{ occupation: "small_business_owner", source: "text" }]);
    // The learner's own words never leave in an analytics event.
    expect(JSON.stringify(events)).not.toContain("bakery");
  });
});
