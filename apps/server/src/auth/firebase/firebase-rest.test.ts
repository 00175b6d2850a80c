/**
 * Firebase Authentication's REST API as the adapter calls it (issue 19), against the stand-in's
 * recorded answers: each of Firebase's error messages becomes the product's `auth/*` code, and
 * what is not the learner's doing (a bad API key, Google unreachable) is `auth/provider-unavailable`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FirebaseAuthStandIn,
  startFirebaseAuthStandIn,
} from "../../testing/firebase-auth-stand-in.ts";
import { createFirebaseRest, type FirebaseRest, firebaseEndpoints } from "./firebase-rest.ts";

let standIn: FirebaseAuthStandIn;
let rest: FirebaseRest;
let counter = 0;
const newEmail = () => `rest-${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  standIn = await startFirebaseAuthStandIn();
  rest = createFirebaseRest({ apiKey: standIn.apiKey, endpoints: firebaseEndpoints(standIn.host) });
});
afterAll(() => standIn.close());

/** The `auth/*` code a call fails with. */
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => "no error",
    (error: { code?: string }) => error.code,
  );

describe("firebaseEndpoints", () => {
  it("calls Google, or the emulator's host:port over http on the same paths", () => {
    expect(firebaseEndpoints()).toEqual({
      identityToolkit: "https://identitytoolkit.googleapis.com/v1",
      secureToken: "https://securetoken.googleapis.com/v1/token",
    });
    expect(firebaseEndpoints("127.0.0.1:9099")).toEqual({
      identityToolkit: "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1",
      secureToken: "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token",
    });
  });
});

describe("the REST calls", () => {
  it("sign up, sign in and refresh, answering Firebase's tokens", async () => {
    const email = newEmail();
    const made = await rest.signUp({ email, password: "secret-1", displayName: "Ada" });
    expect(made).toMatchObject({ email, localId: expect.any(String), expiresIn: "3600" });
    const signedIn = await rest.signInWithPassword({ email, password: "secret-1" });
    expect(signedIn.localId).toBe(made.localId);
    const refreshed = await rest.refresh(signedIn.refreshToken);
    expect(refreshed).toMatchObject({ user_id: made.localId, expires_in: "3600" });
    expect(refreshed.refresh_token).not.toBe(signedIn.refreshToken);
    expect(standIn.calls).toContain("POST /securetoken.googleapis.com/v1/token");
  });

  it("turns each sign-up and sign-in error into the product's code", async () => {
    const email = newEmail();
    await rest.signUp({ email, password: "secret-1" });
    expect(await codeOf(rest.signUp({ email, password: "secret-1" }))).toBe(
      "auth/email-already-in-use",
    );
    expect(await codeOf(rest.signUp({ email: newEmail(), password: "abc" }))).toBe(
      "auth/weak-password",
    );
    expect(await codeOf(rest.signUp({ email: "not-an-email", password: "secret-1" }))).toBe(
      "auth/invalid-email",
    );
    expect(await codeOf(rest.signUp({ email: newEmail(), password: "" }))).toBe(
      "auth/weak-password",
    );
    expect(await codeOf(rest.signInWithPassword({ email, password: "wrong-1" }))).toBe(
      "auth/wrong-password",
    );
    expect(await codeOf(rest.signInWithPassword({ email: newEmail(), password: "x-1234" }))).toBe(
      "auth/user-not-found",
    );
    standIn.failNext("signInWithPassword", "INVALID_LOGIN_CREDENTIALS");
    expect(await codeOf(rest.signInWithPassword({ email, password: "wrong-1" }))).toBe(
      "auth/wrong-password",
    );
    standIn.failNext(
      "signInWithPassword",
      "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts.",
    );
    expect(await codeOf(rest.signInWithPassword({ email, password: "secret-1" }))).toBe(
      "auth/too-many-requests",
    );
    const user = [...standIn.users.values()].find((u) => u.email === email);
    if (user) user.disabled = true;
    expect(await codeOf(rest.signInWithPassword({ email, password: "secret-1" }))).toBe(
      "auth/user-disabled",
    );
  });

  it("turns refresh errors into the product's codes", async () => {
    expect(await codeOf(rest.refresh("garbage"))).toBe("auth/requires-recent-login");
    const made = await rest.signUp({ email: newEmail(), password: "secret-1" });
    standIn.failNext("token", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
    expect(await codeOf(rest.refresh(made.refreshToken))).toBe("auth/requires-recent-login");
    standIn.failNext("token", "TOKEN_EXPIRED");
    expect(await codeOf(rest.refresh(made.refreshToken))).toBe("auth/requires-recent-login");
  });

  it("sends and confirms action codes, with their expired and invalid errors", async () => {
    const email = newEmail();
    const made = await rest.signUp({ email, password: "secret-1" });
    await rest.sendPasswordResetEmail(email);
    await rest.sendEmailVerification(made.idToken);
    expect(await codeOf(rest.sendPasswordResetEmail(newEmail()))).toBe("auth/user-not-found");
    expect(await codeOf(rest.sendEmailVerification("not-a-token"))).toBe(
      "auth/requires-recent-login",
    );
    const codes = (await (
      await fetch(`${standIn.url}/emulator/v1/projects/${standIn.projectId}/oobCodes`)
    ).json()) as { oobCodes: Array<{ oobCode: string; requestType: string; email: string }> };
    const reset = codes.oobCodes.find(
      (c) => c.email === email && c.requestType === "PASSWORD_RESET",
    );
    const verify = codes.oobCodes.find(
      (c) => c.email === email && c.requestType === "VERIFY_EMAIL",
    );
    expect(
      await codeOf(rest.resetPassword({ oobCode: reset?.oobCode ?? "", newPassword: "ab" })),
    ).toBe("auth/weak-password");
    expect(
      await rest.resetPassword({ oobCode: reset?.oobCode ?? "", newPassword: "new-secret" }),
    ).toEqual({ email });
    expect(
      await codeOf(rest.resetPassword({ oobCode: reset?.oobCode ?? "", newPassword: "other-1" })),
    ).toBe("auth/invalid-action-code");
    expect(await rest.applyEmailVerification(verify?.oobCode ?? "")).toEqual({
      localId: made.localId,
      email,
    });
    await rest.sendPasswordResetEmail(email);
    standIn.expireCodes();
    const [latest] = (
      (await (
        await fetch(`${standIn.url}/emulator/v1/projects/${standIn.projectId}/oobCodes`)
      ).json()) as { oobCodes: Array<{ oobCode: string; email: string }> }
    ).oobCodes
      .filter((c) => c.email === email)
      .slice(-1);
    expect(
      await codeOf(rest.resetPassword({ oobCode: latest?.oobCode ?? "", newPassword: "other-1" })),
    ).toBe("auth/expired-action-code");
  });

  it("deletes the account its ID token names", async () => {
    const email = newEmail();
    const made = await rest.signUp({ email, password: "secret-1" });
    await rest.deleteAccount(made.idToken);
    expect(await codeOf(rest.signInWithPassword({ email, password: "secret-1" }))).toBe(
      "auth/user-not-found",
    );
  });
});

describe("what is not the learner's doing", () => {
  it("a bad or missing API key, or a sign-in method turned off, is provider-unavailable", async () => {
    const wrongKey = createFirebaseRest({
      apiKey: "AIza-wrong",
      endpoints: firebaseEndpoints(standIn.host),
    });
    expect(await codeOf(wrongKey.signUp({ email: newEmail(), password: "secret-1" }))).toBe(
      "auth/provider-unavailable",
    );
    const noKey = createFirebaseRest({ apiKey: "", endpoints: firebaseEndpoints(standIn.host) });
    expect(await codeOf(noKey.signUp({ email: newEmail(), password: "secret-1" }))).toBe(
      "auth/provider-unavailable",
    );
    standIn.failNext("signUp", "OPERATION_NOT_ALLOWED");
    expect(await codeOf(rest.signUp({ email: newEmail(), password: "secret-1" }))).toBe(
      "auth/provider-unavailable",
    );
    standIn.failNext("signUp", "Internal error", 500);
    expect(await codeOf(rest.signUp({ email: newEmail(), password: "secret-1" }))).toBe(
      "auth/provider-unavailable",
    );
  });

  it("Google unreachable, or too slow, is provider-unavailable", async () => {
    const down = createFirebaseRest({
      apiKey: "k",
      endpoints: firebaseEndpoints("127.0.0.1:9"),
    });
    expect(await codeOf(down.signUp({ email: newEmail(), password: "secret-1" }))).toBe(
      "auth/provider-unavailable",
    );
    const slow = createFirebaseRest({
      apiKey: standIn.apiKey,
      endpoints: firebaseEndpoints(standIn.host),
      timeoutMs: 1,
      fetch: (input, init) =>
        new Promise((resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          void input;
          void resolve;
        }),
    });
    expect(await codeOf(slow.refresh("r"))).toBe("auth/provider-unavailable");
  });
});
