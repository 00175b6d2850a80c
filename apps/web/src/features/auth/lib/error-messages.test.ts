import { IDENTITY_ERROR_SITUATIONS } from "@lumen/core";
import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES, authErrorMessage } from "./error-messages.ts";

describe("authErrorMessage", () => {
  it("has a sentence for each situation of spec section 8, whichever provider raised it", () => {
    for (const [situation, code] of Object.entries(IDENTITY_ERROR_SITUATIONS)) {
      expect(AUTH_ERROR_MESSAGES[code]?.text, situation).toMatch(/^[A-Z].+\.$/);
    }
    expect(authErrorMessage(IDENTITY_ERROR_SITUATIONS["popup closed or blocked"]).text).toBe(
      "The sign-in window was closed before it finished. Try again, and allow it to open if your browser blocked it.",
    );
    expect(
      authErrorMessage(IDENTITY_ERROR_SITUATIONS["account exists with different credential"]).text,
    ).toBe(
      "There is already an account with this email. Sign in with your password, then link this service in your profile.",
    );
  });

  it("has a sentence for every code of issue 3, including the network failure", () => {
    const codes = [
      "auth/invalid-email",
      "auth/wrong-password",
      "auth/user-not-found",
      "auth/user-disabled",
      "auth/email-already-in-use",
      "auth/weak-password",
      "auth/too-many-requests",
      "auth/requires-recent-login",
      "auth/expired-action-code",
      "auth/invalid-action-code",
      "auth/network-request-failed",
    ];
    for (const code of codes) {
      expect(AUTH_ERROR_MESSAGES[code]?.text, code).toMatch(/^[A-Z].+\.$/);
    }
  });

  it("tells an unknown email and a wrong password the same thing", () => {
    expect(authErrorMessage("auth/user-not-found")).toEqual(
      authErrorMessage("auth/wrong-password"),
    );
  });

  it("puts field errors beside their field, and anything unknown in a plain sentence", () => {
    expect(authErrorMessage("auth/weak-password").field).toBe("password");
    expect(authErrorMessage("auth/invalid-email").field).toBe("email");
    expect(authErrorMessage("auth/something-new")).toEqual({
      text: "Something went wrong. Please try again.",
      field: "form",
    });
  });
});
