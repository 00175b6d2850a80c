/**
 * The product with AUTH_PROVIDER=firebase (issue 19), through its own API in-process against a
 * real database: /v1/auth answers through Firebase Authentication's REST API, Firebase's ID tokens
 * open /v1 and /api/login, and Firebase's errors answer the product's `auth/*` codes.
 *
 * The Firebase side is the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set for the test run
 * (project demo-lumen; README "Firebase Authentication" says how to start it), and the recorded
 * stand-in otherwise. The errors the emulator cannot be made to give (too many attempts, an
 * expired code, a credential too old) run against a stand-in either way, and so does the
 * production path: tokens signed with a published key, no emulator host.
 */
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { createRemoteJWKSet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser } from "../../commands/sign-up-user.ts";
import { type CallOptions, newEmail, newIp } from "../../testing/api-client.ts";
import {
  type FirebaseAuthStandIn,
  startFirebaseAuthStandIn,
} from "../../testing/firebase-auth-stand-in.ts";
import { useTestApp } from "../../testing/test-app.ts";
import { createRateLimiter, databaseRateLimitStore, RATE_LIMITS } from "../rate-limit.ts";
import { createFirebaseProvider } from "./firebase-provider.ts";
import { firebaseEndpoints } from "./firebase-rest.ts";

const PROJECT = "demo-lumen";
const realEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
let standIn: FirebaseAuthStandIn | undefined;
const env: Record<string, string> = {
  AUTH_PROVIDER: "firebase",
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_API_KEY: "AIzaSy-stand-in-key",
};
/** The Firebase side the app talks to: http://host:port. */
let firebase = "";

beforeAll(async () => {
  if (realEmulator) {
    firebase = `http://${realEmulator}`;
    env.FIREBASE_AUTH_EMULATOR_HOST = realEmulator;
  } else {
    standIn = await startFirebaseAuthStandIn({ tokens: "emulator", projectId: PROJECT });
    firebase = standIn.url;
    env.FIREBASE_AUTH_EMULATOR_HOST = standIn.host;
    env.FIREBASE_API_KEY = standIn.apiKey;
  }
});
afterAll(() => standIn?.close());

const testApp = useTestApp({ env });
const { api } = testApp;

const LOCAL = { origin: "http://localhost" };

/** Firebase's own REST API, as another app of the operator's would call it. */
async function firebaseCall(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${firebase}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** The action codes Firebase "mailed" to this address (the emulator's list). */
async function codesFor(email: string, requestType: "PASSWORD_RESET" | "VERIFY_EMAIL") {
  const answer = (await (
    await fetch(`${firebase}/emulator/v1/projects/${PROJECT}/oobCodes`)
  ).json()) as { oobCodes: Array<{ oobCode: string; email: string; requestType: string }> };
  return answer.oobCodes
    .filter((c) => c.email === email && c.requestType === requestType)
    .map((c) => c.oobCode);
}

/** Turns the account off at Firebase, as the console does. */
async function disableAtFirebase(localId: string) {
  await firebaseCall(
    `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
    { localId, disableUser: true },
    { Authorization: "Bearer owner" },
  );
}

const localIdOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString()).sub as string;

async function signUp(email = newEmail("fb"), password = "secret-123") {
  const answer = await api.post("/v1/auth/signup", {
    body: { email, password, displayName: "Ada" },
  });
  expect(answer.status, answer.text).toBe(201);
  const body = answer.body as { idToken: string; refreshToken: string; user: { id: string } };
  return { email, password, ...body };
}

const post = (path: string, options?: CallOptions) => api.post(path, options);

describe("AUTH_PROVIDER=firebase: sessions", () => {
  it("signs up at Firebase, opens /v1 and /api/login with Firebase's ID token", async () => {
    const account = await signUp();
    expect(account.idToken.split(".")).toHaveLength(3);
    const me = await api.get("/v1/me", { token: account.idToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: account.email,
      displayName: "Ada",
      emailVerified: false,
    });
    const login = await post("/api/login", { token: account.idToken, headers: LOCAL });
    expect(login.status).toBe(200);
    expect(login.res.headers.getSetCookie()[0]).toMatch(/^lumen_session=/);
  });

  it("signs in and refreshes through Firebase; the account is the same one", async () => {
    const account = await signUp();
    const signIn = await post("/v1/auth/signin", {
      body: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(signIn.status).toBe(200);
    expect((signIn.body.user as { id: string }).id).toBe(account.user.id);
    const refreshed = await post("/v1/auth/token", {
      body: { refreshToken: signIn.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const me = await api.get("/v1/me", { token: refreshed.body.idToken as string });
    expect(me.body.id).toBe(account.user.id);
  });

  it("makes the account of a Firebase user the product has not met, at their first sign-in", async () => {
    const email = newEmail("existing");
    const made = await firebaseCall(
      `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${env.FIREBASE_API_KEY}`,
      { email, password: "their-old-password", returnSecureToken: true },
    );
    expect(made.localId).toEqual(expect.any(String));
    // Their token opens nothing until the product has met them.
    expect((await api.get("/v1/me", { token: made.idToken as string })).status).toBe(401);
    const signIn = await post("/v1/auth/signin", {
      body: { email, password: "their-old-password" },
    });
    expect(signIn.status).toBe(200);
    expect((await api.get("/v1/me", { token: made.idToken as string })).body.email).toBe(email);
  });

  it("answers the product's codes for Firebase's sign-up and sign-in errors", async () => {
    const account = await signUp();
    const taken = await post("/v1/auth/signup", {
      body: { email: account.email, password: "secret-123" },
    });
    expect([taken.status, taken.body.code]).toEqual([409, "auth/email-already-in-use"]);
    const wrong = await post("/v1/auth/signin", {
      body: { email: account.email, password: "not-it-123" },
    });
    const unknown = await post("/v1/auth/signin", {
      body: { email: newEmail("nobody"), password: "not-it-123" },
    });
    // An unknown address and a wrong password read the same (docs/decisions/0010).
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { code: "auth/wrong-password", message: "The email or password is not right." },
    ]);
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    const weak = await post("/v1/auth/signup", { body: { email: newEmail(), password: "abc" } });
    expect([weak.status, weak.body.code]).toEqual([400, "auth/weak-password"]);
    const invalid = await post("/v1/auth/signup", {
      body: { email: "not-an-email", password: "secret-123" },
    });
    expect([invalid.status, invalid.body.code]).toEqual([400, "auth/invalid-email"]);
    const badRefresh = await post("/v1/auth/token", { body: { refreshToken: "garbage" } });
    expect([badRefresh.status, badRefresh.body.code]).toEqual([401, "auth/requires-recent-login"]);
  });

  it("refuses an account disabled at Firebase: sign-in and refresh", async () => {
    const account = await signUp();
    await disableAtFirebase(localIdOf(account.idToken));
    const signIn = await post("/v1/auth/signin", {
      body: { email: account.email, password: account.password },
    });
    expect([signIn.status, signIn.body.code]).toEqual([403, "auth/user-disabled"]);
    const refresh = await post("/v1/auth/token", { body: { refreshToken: account.refreshToken } });
    expect([refresh.status, refresh.body.code]).toEqual([403, "auth/user-disabled"]);
  });
});

describe("AUTH_PROVIDER=firebase: action codes", () => {
  it("resets a password with the code Firebase mailed; the code works once", async () => {
    const account = await signUp();
    const unknown = await post("/v1/auth/password-reset", { body: { email: newEmail() } });
    const known = await post("/v1/auth/password-reset", { body: { email: account.email } });
    // The same answer whether or not the address has an account (docs/decisions/0010).
    expect([unknown.status, known.status]).toEqual([204, 204]);
    let codes: string[] = [];
    for (let i = 0; i < 100 && codes.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      codes = await codesFor(account.email, "PASSWORD_RESET");
    }
    const [code] = codes;
    expect(code).toEqual(expect.any(String));
    const weak = await post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "abc" },
    });
    expect([weak.status, weak.body.code]).toEqual([400, "auth/weak-password"]);
    const done = await post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "brand-new-secret" },
    });
    expect(done.status).toBe(204);
    const again = await post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "another-secret" },
    });
    expect([again.status, again.body.code]).toEqual([400, "auth/invalid-action-code"]);
    const old = await post("/v1/auth/signin", {
      body: { email: account.email, password: account.password },
    });
    expect(old.body.code).toBe("auth/wrong-password");
    const renewed = await post("/v1/auth/signin", {
      body: { email: account.email, password: "brand-new-secret" },
    });
    expect(renewed.status).toBe(200);
  });

  it("mails the verification at sign-up and on request, and confirms the address", async () => {
    const account = await signUp();
    const [code] = await codesFor(account.email, "VERIFY_EMAIL");
    expect(code).toEqual(expect.any(String));
    const resend = await post("/v1/auth/verify-email", { token: account.idToken });
    expect([resend.status, resend.body]).toEqual([202, { sent: true }]);
    expect(await codesFor(account.email, "VERIFY_EMAIL")).toHaveLength(2);
    const confirmed = await post("/v1/auth/verify-email/confirm", { body: { code } });
    expect(confirmed.status).toBe(204);
    expect((await api.get("/v1/me", { token: account.idToken })).body.emailVerified).toBe(true);
    const bogus = await post("/v1/auth/verify-email/confirm", { body: { code: "bogus-code" } });
    expect([bogus.status, bogus.body.code]).toEqual([400, "auth/invalid-action-code"]);
  });
});

describe("GET /v1/auth/action: the links in Firebase's mails", () => {
  it("hands the code to the product's reset or verification page, in the fragment", async () => {
    const reset = await api.get(
      "/v1/auth/action?mode=resetPassword&oobCode=Ab_9-z&apiKey=k&lang=en",
    );
    expect(reset.status).toBe(303);
    expect(reset.res.headers.get("location")).toBe("/web/passwordReset#code=Ab_9-z");
    const verify = await api.get("/v1/auth/action?mode=verifyEmail&oobCode=Xy-1");
    expect(verify.res.headers.get("location")).toBe("/web/verify-email#mode=verifyEmail&code=Xy-1");
  });

  it("refuses another mode or a code that is not Firebase's shape", async () => {
    for (const query of [
      "mode=recoverEmail&oobCode=abc",
      "mode=resetPassword&oobCode=%3Cscript%3E",
      "mode=resetPassword",
      `mode=verifyEmail&oobCode=${"a".repeat(201)}`,
    ]) {
      const answer = await api.get(`/v1/auth/action?${query}`);
      expect([answer.status, answer.body.code], query).toEqual([400, "validation_failed"]);
    }
  });
});

describe("AUTH_PROVIDER=firebase: accounts the product made before", () => {
  async function localAccount(email: string) {
    await signUpUser({
      db: testApp.database.db,
      limiter: createRateLimiter(databaseRateLimitStore(testApp.database.db), RATE_LIMITS),
      ip: newIp(),
      email,
      password: "local-password",
    });
  }

  it("is not signed up for again at Firebase", async () => {
    const email = newEmail("local");
    await localAccount(email);
    const answer = await post("/v1/auth/signup", { body: { email, password: "secret-123" } });
    expect([answer.status, answer.body.code]).toEqual([409, "auth/email-already-in-use"]);
  });

  it("is linked to a Firebase user by an address Firebase verified, never an unverified one", async () => {
    const email = newEmail("local");
    await localAccount(email);
    const made = await firebaseCall(
      `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${env.FIREBASE_API_KEY}`,
      { email, password: "firebase-password", returnSecureToken: true },
    );
    const body = { email, password: "firebase-password" };
    const unverified = await post("/v1/auth/signin", { body });
    expect([unverified.status, unverified.body.code]).toEqual([
      409,
      "auth/account-exists-with-different-credential",
    ]);
    await firebaseCall(
      `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
      { localId: made.localId, emailVerified: true },
      { Authorization: "Bearer owner" },
    );
    const verified = await post("/v1/auth/signin", { body });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, emailVerified: true });
  });
});

describe("AUTH_PROVIDER=firebase: errors only a stand-in can be made to give", () => {
  const onlyEnv: Record<string, string> = {
    AUTH_PROVIDER: "firebase",
    FIREBASE_PROJECT_ID: PROJECT,
  };
  let only: FirebaseAuthStandIn;
  beforeAll(async () => {
    only = await startFirebaseAuthStandIn({ tokens: "emulator", projectId: PROJECT });
    onlyEnv.FIREBASE_API_KEY = only.apiKey;
    onlyEnv.FIREBASE_AUTH_EMULATOR_HOST = only.host;
  });
  afterAll(() => only.close());
  const { api: onlyApi } = useTestApp({ env: onlyEnv });

  async function onlyAccount() {
    const email = newEmail("only");
    const answer = await onlyApi.post("/v1/auth/signup", {
      body: { email, password: "secret-123" },
    });
    expect(answer.status).toBe(201);
    return { email, refreshToken: answer.body.refreshToken as string };
  }

  it("too many attempts is 429 auth/too-many-requests", async () => {
    const { email } = await onlyAccount();
    only.failNext(
      "signInWithPassword",
      "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.",
    );
    const answer = await onlyApi.post("/v1/auth/signin", {
      body: { email, password: "secret-123" },
    });
    expect([answer.status, answer.body.code]).toEqual([429, "auth/too-many-requests"]);
  });

  it("an expired code is auth/expired-action-code", async () => {
    const { email } = await onlyAccount();
    expect((await onlyApi.post("/v1/auth/password-reset", { body: { email } })).status).toBe(204);
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const list = (await (
        await fetch(`${only.url}/emulator/v1/projects/${PROJECT}/oobCodes`)
      ).json()) as { oobCodes: Array<{ oobCode: string; email: string; requestType: string }> };
      code = list.oobCodes.find(
        (c) => c.email === email && c.requestType === "PASSWORD_RESET",
      )?.oobCode;
    }
    only.expireCodes();
    const answer = await onlyApi.post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "brand-new-secret" },
    });
    expect([answer.status, answer.body.code]).toEqual([400, "auth/expired-action-code"]);
  });

  it("a credential too old is auth/requires-recent-login", async () => {
    const { refreshToken } = await onlyAccount();
    only.failNext("token", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
    const answer = await onlyApi.post("/v1/auth/token", { body: { refreshToken } });
    expect([answer.status, answer.body.code]).toEqual([401, "auth/requires-recent-login"]);
  });

  it("Firebase failing is 503 auth/provider-unavailable, and nothing is half made", async () => {
    only.failNext("signUp", "Internal error encountered.", 500);
    const email = newEmail("down");
    const answer = await onlyApi.post("/v1/auth/signup", {
      body: { email, password: "secret-123" },
    });
    expect([answer.status, answer.body.code]).toEqual([503, "auth/provider-unavailable"]);
    expect(answer.text).not.toContain("Internal error encountered");
    // The address is free: a second try makes the account.
    expect(
      (await onlyApi.post("/v1/auth/signup", { body: { email, password: "secret-123" } })).status,
    ).toBe(201);
  });
});

describe("the production path: Google-signed tokens, no emulator host", () => {
  let signed: FirebaseAuthStandIn;
  let db: Database;
  beforeAll(async () => {
    signed = await startFirebaseAuthStandIn({ tokens: "signed", projectId: PROJECT });
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await signed.close();
    await db.close();
  });

  const provider = () =>
    createFirebaseProvider({
      db: db.db,
      limiter: createRateLimiter(databaseRateLimitStore(db.db), RATE_LIMITS),
      projectId: PROJECT,
      apiKey: signed.apiKey,
      endpoints: firebaseEndpoints(signed.host),
      keys: createRemoteJWKSet(new URL(signed.jwksUrl)),
      jwksUrl: signed.jwksUrl,
    });
  const request = () => ({ ip: newIp(), origin: "http://localhost" });

  it("signs up and in, and knows its signed tokens; never an unsigned one", async () => {
    const firebaseProvider = provider();
    const email = newEmail("signed");
    const made = await firebaseProvider.signUp({ email, password: "secret-123" }, request());
    expect(made.user.email).toBe(email);
    expect(await firebaseProvider.verifyIdToken(made.tokens.idToken)).toEqual({
      userId: made.user.id,
    });
    const again = await firebaseProvider.signIn({ email, password: "secret-123" }, request());
    expect(again.user.id).toBe(made.user.id);
    const [, payload] = made.tokens.idToken.split(".");
    const unsignedCopy = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    expect(await firebaseProvider.verifyIdToken(unsignedCopy)).toBeNull();
    expect(firebaseProvider.issuer).toBe(`https://securetoken.google.com/${PROJECT}`);
    expect((await firebaseProvider.verificationKeys()).keys).toHaveLength(1);
  });
});
