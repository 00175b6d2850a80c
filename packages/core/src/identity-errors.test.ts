import { describe, expect, it } from "vitest";
import { firebaseErrorCode, IDENTITY_ERROR_SITUATIONS } from "./identity-errors.ts";

describe("IDENTITY_ERROR_SITUATIONS (spec section 8)", () => {
  it("has a code for each of the identity provider's situations the spec lists", () => {
    expect(Object.keys(IDENTITY_ERROR_SITUATIONS)).toEqual([
      "invalid email",
      "wrong password",
      "user not found",
      "user disabled",
      "email already in use",
      "weak password",
      "too many requests",
      "network failure",
      "popup closed or blocked",
      "requires recent login",
      "account exists with different credential",
      "expired action code",
      "invalid action code",
    ]);
    for (const code of Object.values(IDENTITY_ERROR_SITUATIONS)) expect(code).toMatch(/^auth\//);
  });
});

describe("firebaseErrorCode", () => {
  it("reads the REST API's messages, with or without their explanation after ' : '", () => {
    const cases: Array<[string, string]> = [
      ["INVALID_EMAIL", "auth/invalid-email"],
      ["EMAIL_NOT_FOUND", "auth/user-not-found"],
      ["INVALID_PASSWORD", "auth/wrong-password"],
      ["INVALID_LOGIN_CREDENTIALS", "auth/wrong-password"],
      ["USER_DISABLED", "auth/user-disabled"],
      ["EMAIL_EXISTS", "auth/email-already-in-use"],
      ["WEAK_PASSWORD : Password should be at least 6 characters", "auth/weak-password"],
      ["MISSING_PASSWORD", "auth/weak-password"],
      ["TOO_MANY_ATTEMPTS_TRY_LATER", "auth/too-many-requests"],
      [
        "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts.",
        "auth/too-many-requests",
      ],
      ["CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "auth/requires-recent-login"],
      ["TOKEN_EXPIRED", "auth/requires-recent-login"],
      ["INVALID_REFRESH_TOKEN", "auth/requires-recent-login"],
      ["INVALID_ID_TOKEN", "auth/requires-recent-login"],
      ["NEED_CONFIRMATION", "auth/account-exists-with-different-credential"],
      ["EXPIRED_OOB_CODE", "auth/expired-action-code"],
      ["INVALID_OOB_CODE", "auth/invalid-action-code"],
    ];
    for (const [firebase, product] of cases)
      expect(firebaseErrorCode(firebase), firebase).toBe(product);
  });

  it("reads the SDKs' auth/... codes, one product code per spec situation", () => {
    const cases: Array<[string, string]> = [
      ["auth/invalid-email", "auth/invalid-email"],
      ["auth/wrong-password", "auth/wrong-password"],
      ["auth/invalid-credential", "auth/wrong-password"],
      ["auth/user-not-found", "auth/user-not-found"],
      ["auth/user-disabled", "auth/user-disabled"],
      ["auth/email-already-in-use", "auth/email-already-in-use"],
      ["auth/email-already-exists", "auth/email-already-in-use"],
      ["auth/weak-password", "auth/weak-password"],
      ["auth/too-many-requests", "auth/too-many-requests"],
      ["auth/network-request-failed", "auth/network-request-failed"],
      ["auth/popup-closed-by-user", "auth/user-cancelled"],
      ["auth/popup-blocked", "auth/user-cancelled"],
      ["auth/cancelled-popup-request", "auth/user-cancelled"],
      ["auth/requires-recent-login", "auth/requires-recent-login"],
      ["auth/user-token-expired", "auth/requires-recent-login"],
      [
        "auth/account-exists-with-different-credential",
        "auth/account-exists-with-different-credential",
      ],
      ["auth/expired-action-code", "auth/expired-action-code"],
      ["auth/invalid-action-code", "auth/invalid-action-code"],
    ];
    for (const [firebase, product] of cases)
      expect(firebaseErrorCode(firebase), firebase).toBe(product);
  });

  it("answers every spec situation's code from some Firebase code", () => {
    const reachable = new Set(
      [
        "INVALID_EMAIL",
        "INVALID_PASSWORD",
        "EMAIL_NOT_FOUND",
        "USER_DISABLED",
        "EMAIL_EXISTS",
        "WEAK_PASSWORD",
        "TOO_MANY_ATTEMPTS_TRY_LATER",
        "auth/network-request-failed",
        "auth/popup-closed-by-user",
        "CREDENTIAL_TOO_OLD_LOGIN_AGAIN",
        "NEED_CONFIRMATION",
        "EXPIRED_OOB_CODE",
        "INVALID_OOB_CODE",
      ].map(firebaseErrorCode),
    );
    for (const code of Object.values(IDENTITY_ERROR_SITUATIONS)) expect(reachable).toContain(code);
  });

  it("leaves what is not the learner's doing to the caller", () => {
    for (const code of [
      "OPERATION_NOT_ALLOWED",
      "API key not valid. Please pass a valid API key.",
      "PROJECT_NOT_FOUND",
      "",
      "toString",
      "__proto__",
      "auth/internal-error",
    ]) {
      expect(firebaseErrorCode(code), code).toBeNull();
    }
  });
});
