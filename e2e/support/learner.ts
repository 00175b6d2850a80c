/**
 * What end-to-end tests do as a learner: get an account, and write in a lesson's editor. Only
 * auth.e2e.ts signs up through the form (that is what it tests); every other test creates its
 * learner through the API and hands the session to the page, as the app keeps it.
 */
import type { Page } from "playwright-core";

/** Where the web app keeps the session it restores at start (auth/auth-provider.tsx). */
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
let counter = 0;

export interface Learner {
  email: string;
  password: string;
  userId: string;
  displayName: string;
}

/**
 * A new learner made with POST /v1/auth/signup, signed in on PAGE: the refresh token goes where
 * the app keeps it, then the app opens at the redirect to the learner's place and takes them in.
 */
export async function registerLearner(
  page: Page,
  baseUrl: string,
  displayName = "Grace Hopper",
): Promise<Learner> {
  const email = `learner-${Date.now()}-${++counter}@example.com`;
  const password = "compiler-1952";
  const res = await fetch(`${baseUrl}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, displayName }),
  });
  const body = (await res.json()) as { refreshToken?: string; user?: { id: string } };
  if (res.status !== 201 || !body.refreshToken || !body.user) {
    throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(body)}`);
  }
  // The session goes where the app keeps it before the app starts, once: the script runs again
  // on every navigation, and must not put back a token the app has since rotated or dropped.
  await page.addInitScript(
    ([key, token, marker]) => {
      // Only the app's own page: the runners' sandboxed frames have no storage to touch.
      if (window !== window.top) return;
      try {
        if (localStorage.getItem(marker)) return;
        localStorage.setItem(marker, "1");
        localStorage.setItem(key, token);
      } catch {
        // A page of another origin: nothing of ours to seed.
      }
    },
    [REFRESH_TOKEN_KEY, body.refreshToken, `e2e-session-${body.user.id}`] as const,
  );
  await page.goto(`${baseUrl}/web/redirect-to-active-section`);
  await page.getByRole("button", { name: `Account: ${displayName}` }).waitFor();
  return { email, password, userId: body.user.id, displayName };
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

/** The seeded demo administrator (apps/server/src/seed/demo-accounts.ts). */
const DEMO_ADMIN = { email: "admin@lumen.localhost", password: "admin-demo" };

/** An ID token of the embedded database's demo admin (who also sees every lesson in full). */
/** Signs an existing account in through the API: its ID and refresh tokens. */
export async function signInByApi(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<{ idToken: string; refreshToken: string }> {
  const res = await fetch(`${baseUrl}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${account.email} answered ${res.status}`);
  return (await res.json()) as { idToken: string; refreshToken: string };
}

export async function demoAdminToken(baseUrl: string): Promise<string> {
  const signedIn = await fetch(`${baseUrl}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { idToken } = (await signedIn.json()) as { idToken?: string };
  if (!idToken) throw new Error(`the demo admin could not sign in: ${signedIn.status}`);
  return idToken;
}

/**
 * Makes a learner a subscriber (issue 15) the way support would: the demo admin grants them a
 * plan through the console's API. Starter opens every lesson, past the free first section.
 */
export async function grantPlan(
  baseUrl: string,
  learner: Pick<Learner, "userId">,
  tier = "tier-0",
): Promise<void> {
  const idToken = await demoAdminToken(baseUrl);
  const res = await fetch(`${baseUrl}/v1/admin/users/${learner.userId}/plan-grants`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ tier, reason: "End-to-end test subscriber" }),
  });
  if (!res.ok) throw new Error(`granting ${tier} answered ${res.status}: ${await res.text()}`);
}

/**
 * A learner on a paid plan (Starter unless said): for tests that open lessons past the free first
 * section of a track (issue 15's paywall).
 */
export async function registerSubscriber(
  page: Page,
  baseUrl: string,
  displayName?: string,
  tier = "tier-0",
): Promise<Learner> {
  const learner = await registerLearner(page, baseUrl, displayName);
  await grantPlan(baseUrl, learner, tier);
  return learner;
}
