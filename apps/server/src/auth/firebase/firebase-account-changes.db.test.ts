/**
 * The profile's account changes with AUTH_PROVIDER=firebase (issue 19, ADR 0059): for an account
 * made through Firebase, the current password is checked by Firebase (accounts:signInWithPassword)
 * and the change is made there with the fresh ID token: a new password (accounts:update), a new
 * address (accounts:sendOobCode VERIFY_AND_CHANGE_EMAIL, then accounts:update with its code) and
 * deleting the account (accounts:delete), then the product's own part as with the built-in
 * provider.
 *
 * The Firebase side is the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set for the test run,
 * and the recorded stand-in otherwise; the errors the emulator cannot be made to give run against
 * a stand-in either way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEmail, type TestClient } from "../../testing/api-client.ts";
import {
  type FirebaseAuthStandIn,
  startFirebaseAuthStandIn,
} from "../../testing/firebase-auth-stand-in.ts";
import { useTestApp } from "../../testing/test-app.ts";

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

const { api } = useTestApp({ env });

/** Firebase's own REST API, as another app of the operator's would call it. */
async function firebaseCall(method: string, body: unknown) {
  const response = await fetch(
    `${firebase}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${env.FIREBASE_API_KEY}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
  );
  return (await response.json()) as Record<string, unknown> & { error?: { message: string } };
}

/** Signs in at Firebase directly: its answer, or its error message. */
async function firebaseSignIn(email: string, password: string) {
  const answer = await firebaseCall("signInWithPassword", {
    email,
    password,
    returnSecureToken: true,
  });
  return answer.error ? answer.error.message : "signed in";
}

/** The email change links Firebase "mailed" for this (old) address (the emulator's list). */
async function changeCodesFor(email: string) {
  const answer = (await (
    await fetch(`${firebase}/emulator/v1/projects/${PROJECT}/oobCodes`)
  ).json()) as { oobCodes: Array<{ oobCode: string; email: string; requestType: string }> };
  return answer.oobCodes
    .filter((c) => c.email === email && c.requestType === "VERIFY_AND_CHANGE_EMAIL")
    .map((c) => c.oobCode);
}

async function signUpAt(client: TestClient, email = newEmail("fbchange"), password = "secret-123") {
  const answer = await client.post("/v1/auth/signup", { body: { email, password } });
  expect(answer.status, answer.text).toBe(201);
  const body = answer.body as { idToken: string; refreshToken: string; user: { id: string } };
  return { email, password, ...body };
}

describe("AUTH_PROVIDER=firebase: the profile's password change", () => {
  it("checks the current password at Firebase and sets the new one there", async () => {
    const account = await signUpAt(api);
    const changed = await api.post("/v1/me/password", {
      token: account.idToken,
      body: { currentPassword: account.password, newPassword: "a-new-secret-456" },
    });
    expect(changed.status, changed.text).toBe(200);
    const fresh = changed.body as { idToken: string; refreshToken: string; user: { id: string } };
    expect(fresh.user.id).toBe(account.user.id);
    // This device keeps a session: Firebase's new tokens open /v1 and refresh.
    expect((await api.get("/v1/me", { token: fresh.idToken })).status).toBe(200);
    const refreshed = await api.post("/v1/auth/token", {
      body: { refreshToken: fresh.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // The new password is Firebase's now; the old one no longer signs in.
    expect(await firebaseSignIn(account.email, "a-new-secret-456")).toBe("signed in");
    expect(await firebaseSignIn(account.email, account.password)).toMatch(
      /INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/,
    );
    const signIn = await api.post("/v1/auth/signin", {
      body: { email: account.email, password: "a-new-secret-456" },
    });
    expect(signIn.status).toBe(200);
  });

  it("a wrong current password is 'Your current password is not right.', and nothing changes", async () => {
    const account = await signUpAt(api);
    const wrong = await api.post("/v1/me/password", {
      token: account.idToken,
      body: { currentPassword: "not-my-password", newPassword: "a-new-secret-456" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: "auth/wrong-password",
      message: "Your current password is not right.",
    });
    expect(await firebaseSignIn(account.email, account.password)).toBe("signed in");
  });

  it("a weak new password is auth/weak-password", async () => {
    const account = await signUpAt(api);
    const weak = await api.post("/v1/me/password", {
      token: account.idToken,
      body: { currentPassword: account.password, newPassword: "abc" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe("auth/weak-password");
    expect(await firebaseSignIn(account.email, account.password)).toBe("signed in");
  });
});

describe("AUTH_PROVIDER=firebase: the profile's email change", () => {
  it("Firebase mails the link; opening it gives the account the new address, verified", async () => {
    const account = await signUpAt(api);
    const to = newEmail("moved");
    const asked = await api.post("/v1/me/email", {
      token: account.idToken,
      body: { newEmail: to.toUpperCase(), currentPassword: account.password },
    });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toEqual({ sentTo: to });
    // The address stays until the link is opened.
    expect((await api.get("/v1/me", { token: account.idToken })).body.email).toBe(account.email);
    const [code] = await changeCodesFor(account.email);
    expect(code).toEqual(expect.any(String));

    // Firebase's mail links to /v1/auth/action, which hands the code to the product's page.
    const landing = await api.get(
      `/v1/auth/action?mode=verifyAndChangeEmail&oobCode=${code}&apiKey=x`,
    );
    expect(landing.status).toBe(303);
    expect(landing.res.headers.get("location")).toBe(
      `/web/verify-email#mode=changeEmail&code=${code}`,
    );

    const confirmed = await api.post("/v1/auth/email-change/confirm", { body: { code } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ id: account.user.id, email: to, emailVerified: true });
    expect(await firebaseSignIn(to, account.password)).toBe("signed in");
    const signIn = await api.post("/v1/auth/signin", {
      body: { email: to, password: account.password },
    });
    expect(signIn.status).toBe(200);
    expect((signIn.body.user as { id: string }).id).toBe(account.user.id);
    // A code is good once.
    const again = await api.post("/v1/auth/email-change/confirm", { body: { code } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("auth/invalid-action-code");
  });

  it("an address Firebase already has is auth/email-already-in-use", async () => {
    const account = await signUpAt(api);
    // Another app of the operator's made this Firebase user; the product has not met them.
    const taken = newEmail("taken");
    const made = await firebaseCall("signUp", {
      email: taken,
      password: "their-password",
      returnSecureToken: true,
    });
    expect(made.localId).toEqual(expect.any(String));
    const asked = await api.post("/v1/me/email", {
      token: account.idToken,
      body: { newEmail: taken, currentPassword: account.password },
    });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe("auth/email-already-in-use");
    expect(await changeCodesFor(account.email)).toEqual([]);
  });

  it("a wrong current password sends nothing", async () => {
    const account = await signUpAt(api);
    const wrong = await api.post("/v1/me/email", {
      token: account.idToken,
      body: { newEmail: newEmail("moved"), currentPassword: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is not right.");
    expect(await changeCodesFor(account.email)).toEqual([]);
  });
});

describe("AUTH_PROVIDER=firebase: deleting the account", () => {
  it("deletes the Firebase user, then the product's account", async () => {
    const account = await signUpAt(api);
    const deleted = await api.call("DELETE", "/v1/me", {
      token: account.idToken,
      body: { confirmEmail: account.email, password: account.password },
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await firebaseSignIn(account.email, account.password)).toMatch(
      /EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/,
    );
    expect((await api.get("/v1/me", { token: account.idToken })).status).toBe(401);
    // The address is free to sign up with again.
    await signUpAt(api, account.email);
  });

  it("a wrong password deletes nothing, here or at Firebase", async () => {
    const account = await signUpAt(api);
    const wrong = await api.call("DELETE", "/v1/me", {
      token: account.idToken,
      body: { confirmEmail: account.email, password: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is not right.");
    expect(await firebaseSignIn(account.email, account.password)).toBe("signed in");
    expect((await api.get("/v1/me", { token: account.idToken })).status).toBe(200);
  });
});

describe("AUTH_PROVIDER=firebase: account changes, errors only a stand-in can be made to give", () => {
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

  const change = (account: { idToken: string; password: string }) =>
    onlyApi.post("/v1/me/password", {
      token: account.idToken,
      body: { currentPassword: account.password, newPassword: "a-new-secret-456" },
    });

  it("too many attempts at Firebase is 429 auth/too-many-requests", async () => {
    const account = await signUpAt(onlyApi);
    only.failNext(
      "signInWithPassword",
      "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.",
    );
    const answer = await change(account);
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe("auth/too-many-requests");
  });

  it("an account Firebase has disabled is auth/user-disabled", async () => {
    const account = await signUpAt(onlyApi);
    only.failNext("signInWithPassword", "USER_DISABLED");
    const answer = await onlyApi.call("DELETE", "/v1/me", {
      token: account.idToken,
      body: { confirmEmail: account.email, password: account.password },
    });
    expect(answer.body.code).toBe("auth/user-disabled");
    expect(answer.status).toBe(403);
    expect((await onlyApi.get("/v1/me", { token: account.idToken })).status).toBe(200);
  });

  it("Firebase out of reach is 503 auth/provider-unavailable, and nothing is deleted", async () => {
    const account = await signUpAt(onlyApi);
    only.dropNext("signInWithPassword");
    const check = await change(account);
    expect(check.status).toBe(503);
    expect(check.body.code).toBe("auth/provider-unavailable");
    only.dropNext("delete");
    const deleting = await onlyApi.call("DELETE", "/v1/me", {
      token: account.idToken,
      body: { confirmEmail: account.email, password: account.password },
    });
    expect(deleting.status).toBe(503);
    expect((await onlyApi.get("/v1/me", { token: account.idToken })).status).toBe(200);
  });

  it("the old refresh tokens end with a password change; the product's sessions too", async () => {
    const account = await signUpAt(onlyApi);
    const changed = await change(account);
    expect(changed.status).toBe(200);
    const old = await onlyApi.post("/v1/auth/token", {
      body: { refreshToken: account.refreshToken },
    });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe("auth/requires-recent-login");
    expect(only.calls).toContain("POST /identitytoolkit.googleapis.com/v1/accounts:update");
  });

  it("a weak password Firebase refuses (its own rule) is auth/weak-password", async () => {
    const account = await signUpAt(onlyApi);
    only.failNext("update", "WEAK_PASSWORD : Password should be at least 8 characters");
    const answer = await change(account);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("auth/weak-password");
  });
});
