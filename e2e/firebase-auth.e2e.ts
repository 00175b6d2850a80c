/**
 * The product with AUTH_PROVIDER=firebase in Chromium (issue 19): a server whose identity provider
 * is Firebase Authentication, here the recorded stand-in (apps/server/src/testing/
 * firebase-auth-stand-in.ts) on the Auth emulator's paths. A learner registers and signs in
 * through Firebase and keeps the product's session cookie; each of the identity provider's errors
 * of spec section 8 shows its sentence on the screen where it happens (login, register, reset,
 * verify), whether Firebase, the network or a hosted sign-in raised it.
 */

import { afterAll } from "vitest";
import {
  type FirebaseAuthStandIn,
  startFirebaseAuthStandIn,
} from "../apps/server/src/testing/firebase-auth-stand-in.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";

const firebase: FirebaseAuthStandIn = await startFirebaseAuthStandIn({
  tokens: "emulator",
  projectId: "demo-lumen",
});
afterAll(() => firebase.close());
const ctx = useServerAndBrowser({
  AUTH_PROVIDER: "firebase",
  FIREBASE_PROJECT_ID: firebase.projectId,
  FIREBASE_API_KEY: firebase.apiKey,
  FIREBASE_AUTH_EMULATOR_HOST: firebase.host,
});

let counter = 0;
const newEmail = () => `fb-e2e-${Date.now()}-${++counter}@example.com`;

const TEXT = {
  wrongPassword: "That email and password do not match an account. Check both and try again.",
  disabled: "This account has been turned off. Contact support if you think this is a mistake.",
  tooMany: "Too many tries in a short time. Wait a few minutes, then try again.",
  invalidEmail: "Enter an email address like name@example.com.",
  network: "We could not reach the server. Check your connection and try again.",
  windowClosed:
    "The sign-in window was closed before it finished. Try again, and allow it to open if your browser blocked it.",
  otherCredential:
    "There is already an account with this email. Sign in with your password, then link this service in your profile.",
  recentLogin: "For your safety, please sign in again.",
  emailInUse:
    "There is already an account with this email. Sign in instead, or reset your password.",
  weakPassword: "Use at least 6 characters for your password.",
  expiredLink: "This link has expired. Ask for a new one below.",
  invalidLink: "This link is not valid or was already used. Ask for a new one below.",
};

/** A learner known to the product and to Firebase, made through the product's API. */
async function learner(password = "secret-123") {
  const email = newEmail();
  const answer = await fetch(`${ctx.url}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, displayName: "Fire Learner" }),
  });
  expect(answer.status).toBe(201);
  return { email, password };
}

/** The action codes the stand-in "mailed" to an address. */
async function codesFor(email: string, requestType: "PASSWORD_RESET" | "VERIFY_EMAIL") {
  const list = (await (
    await fetch(`${firebase.url}/emulator/v1/projects/${firebase.projectId}/oobCodes`)
  ).json()) as { oobCodes: Array<{ oobCode: string; email: string; requestType: string }> };
  return list.oobCodes
    .filter((c) => c.email === email && c.requestType === requestType)
    .map((c) => c.oobCode);
}

/** The newest code mailed to an address, once it is there (the mail goes out beside the answer). */
async function codeFor(email: string, requestType: "PASSWORD_RESET" | "VERIFY_EMAIL") {
  for (;;) {
    const code = (await codesFor(email, requestType)).at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("register and sign in through Firebase; the session cookie is the product's", async ({
  watched,
}) => {
  const { page } = watched;
  const email = newEmail();
  await page.goto(`${ctx.url}/web/register`);
  await page.getByLabel("Name").fill("Ada Firebase");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine");
  const login = page.waitForResponse((r) => r.url().endsWith("/api/login"));
  await page.getByRole("button", { name: "Create account" }).click();
  expect((await login).status()).toBe(200);
  await page.waitForURL(`${ctx.url}/web/onboarding/chat`);
  expect(firebase.calls).toContain("POST /identitytoolkit.googleapis.com/v1/accounts:signUp");
  const cookies = await watched.context.cookies();
  expect(cookies.find((c) => c.name === "lumen_session")).toMatchObject({ httpOnly: true });
  expect(await codeFor(email, "VERIFY_EMAIL")).toEqual(expect.any(String));
});

test("login: each of Firebase's errors, the network's and a hosted sign-in's shows its sentence", async ({
  watched,
}) => {
  const { page } = watched;
  watched.allowed.push(/status of (400|403|409|429)/, /net::ERR_FAILED/);
  const { email, password } = await learner();
  await page.goto(`${ctx.url}/web/login`);
  const signIn = async (address: string, secret: string) => {
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password", { exact: true }).fill(secret);
    await page.getByRole("button", { name: "Sign in" }).click();
  };
  const alert = (text: string) => page.getByText(text, { exact: true }).waitFor();

  await signIn(email, "not-the-password"); // INVALID_PASSWORD
  await alert(TEXT.wrongPassword);
  await signIn(newEmail(), password); // EMAIL_NOT_FOUND: the same words (ADR 0010)
  await alert(TEXT.wrongPassword);
  firebase.failNext("signInWithPassword", "INVALID_LOGIN_CREDENTIALS");
  await signIn(email, "not-the-password-either");
  await alert(TEXT.wrongPassword);
  firebase.failNext(
    "signInWithPassword",
    "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts.",
  );
  await signIn(email, password);
  await alert(TEXT.tooMany);
  firebase.failNext("signInWithPassword", "INVALID_EMAIL");
  await signIn(email, password);
  await alert(TEXT.invalidEmail);
  expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

  await page.route("**/v1/auth/signin", (route) => route.abort("failed"));
  await signIn(email, password);
  await alert(TEXT.network);
  await page.unroute("**/v1/auth/signin");

  const user = [...firebase.users.values()].find((u) => u.email === email);
  if (!user) throw new Error("the stand-in has no such user");
  user.disabled = true; // USER_DISABLED, as the console's switch
  await signIn(email, password);
  await alert(TEXT.disabled);

  // A hosted sign-in that ended at the provider lands here with its code (a fresh page each).
  await page.goto("about:blank");
  await page.goto(`${ctx.url}/web/login#oidcError=auth/user-cancelled`);
  await alert(TEXT.windowClosed);
  await page.goto("about:blank");
  await page.goto(`${ctx.url}/web/login#oidcError=auth/account-exists-with-different-credential`);
  await alert(TEXT.otherCredential);
});

test("login: an address the product holds unverified is not taken by a Firebase user", async ({
  watched,
}) => {
  const { page } = watched;
  watched.allowed.push(/status of 409/);
  // learner@lumen.localhost is the product's own demo account; a Firebase user with the same
  // address, which Firebase has not verified, must not get into it.
  const email = "learner@lumen.localhost";
  await fetch(
    `${firebase.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${firebase.apiKey}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "firebase-side", returnSecureToken: true }),
    },
  );
  await page.goto(`${ctx.url}/web/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("firebase-side");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText(TEXT.otherCredential, { exact: true }).waitFor();
});

test("a session Firebase ends asks the learner to sign in again", async ({ watched }) => {
  const { page } = watched;
  watched.allowed.push(/status of 401/);
  const { email, password } = await learner();
  await page.goto(`${ctx.url}/web/login?redirectUrl=%2Fweb%2Fstreak`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.url}/web/streak`);
  firebase.failNext("token", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
  await page.reload();
  await page.waitForURL(/\/web\/login/);
  await page.getByText(TEXT.recentLogin, { exact: true }).waitFor();
});

test("register: Firebase's taken address and password rule show beside their fields", async ({
  watched,
}) => {
  const { page } = watched;
  watched.allowed.push(/status of (400|409)/);
  const taken = newEmail();
  // Someone already has this address at Firebase (made by another of the operator's apps).
  await fetch(
    `${firebase.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${firebase.apiKey}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: taken, password: "their-own", returnSecureToken: true }),
    },
  );
  await page.goto(`${ctx.url}/web/register`);
  await page.getByLabel("Email").fill(taken);
  await page.getByLabel("Password", { exact: true }).fill("secret-123");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByText(TEXT.emailInUse, { exact: true }).waitFor();
  expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

  firebase.failNext("signUp", "WEAK_PASSWORD : Password should be at least 6 characters");
  await page.getByLabel("Email").fill(newEmail());
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByText(TEXT.weakPassword, { exact: true }).waitFor();
  expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe(
    "true",
  );
});

test("reset: Firebase's mail link lands on the product's page; expired and used links say so", async ({
  watched,
}) => {
  const { page } = watched;
  watched.allowed.push(/status of 400/);
  const { email } = await learner();
  const request = async () => {
    const before = (await codesFor(email, "PASSWORD_RESET")).length;
    await page.goto(`${ctx.url}/web/passwordReset`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(`If there is an account for ${email}`).waitFor();
    for (;;) {
      const codes = await codesFor(email, "PASSWORD_RESET");
      if (codes.length > before) return codes.at(-1) ?? "";
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const choose = async (code: string, password: string) => {
    await page.goto(`${ctx.url}/v1/auth/action?mode=resetPassword&oobCode=${code}&lang=en`);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Save new password" }).click();
  };

  const first = await request();
  firebase.expireCodes();
  await choose(first, "a-brand-new-one");
  await page.getByText(TEXT.expiredLink, { exact: true }).waitFor();

  const second = await request();
  await choose(second, "a-brand-new-one");
  await page.getByText("Your password is changed.").waitFor();
  await choose(second, "yet-another-one");
  await page.getByText(TEXT.invalidLink, { exact: true }).waitFor();
});

test("verify: Firebase's mail link confirms the address; expired and bad links say so", async ({
  watched,
}) => {
  const { page } = watched;
  watched.allowed.push(/status of 400/);
  const { email } = await learner();
  const code = await codeFor(email, "VERIFY_EMAIL");

  await page.goto(`${ctx.url}/v1/auth/action?mode=verifyEmail&oobCode=not-a-real-code`);
  await page.getByRole("heading", { level: 1, name: "This link does not work" }).waitFor();
  await page.getByText("This link is not valid or was already used.", { exact: false }).waitFor();

  await page.goto(`${ctx.url}/v1/auth/action?mode=verifyEmail&oobCode=${code}`);
  await page.getByText("Thank you! You can now add a profile photo", { exact: false }).waitFor();

  // A second account's link, expired before it is opened.
  const other = await learner();
  const late = await codeFor(other.email, "VERIFY_EMAIL");
  firebase.expireCodes();
  await page.goto(`${ctx.url}/v1/auth/action?mode=verifyEmail&oobCode=${late}`);
  await page.getByRole("heading", { level: 1, name: "This link has expired" }).waitFor();
});
