/**
 * The identity provider's errors (spec section 8, issue 3): `auth/*` codes, each with its HTTP
 * status and one plain sentence. They leave the server as `{ code, message }`, like every error.
 * errors.ts's code union has no `auth/*` codes, so these answer through `authErrorResponse`.
 */
import type { Context } from "hono";
import { AppError } from "../errors.ts";
import { handleError } from "../http/error-handler.ts";

const AUTH_ERRORS = {
  "auth/invalid-email": [400, "That does not look like an email address."],
  "auth/wrong-password": [400, "The email or password is not right."],
  "auth/user-not-found": [400, "The email or password is not right."],
  "auth/user-disabled": [403, "This account has been disabled."],
  "auth/email-already-in-use": [409, "An account with this email already exists."],
  "auth/weak-password": [400, "The password must be at least 6 characters."],
  "auth/too-many-requests": [429, "Too many attempts. Wait a few minutes and try again."],
  "auth/requires-recent-login": [401, "Your session has ended. Sign in again."],
  "auth/expired-action-code": [400, "This link has expired. Ask for a new one."],
  "auth/invalid-action-code": [400, "This link is not valid or has already been used."],
} as const satisfies Record<string, readonly [number, string]>;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;
type AuthStatus = (typeof AUTH_ERRORS)[AuthErrorCode][0];

export class AuthError extends Error {
  readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string = AUTH_ERRORS[code][1]) {
    super(message);
    this.name = "AuthError";
    this.code = code;
  }

  get status(): AuthStatus {
    return AUTH_ERRORS[this.code][0];
  }
}

/** The answer for an AuthError; anything else goes to the app's one error handler. */
// biome-ignore lint/suspicious/noExplicitAny: used by route modules with different variable maps.
export function authErrorResponse(error: unknown, c: Context<any>): Response {
  if (error instanceof AuthError) {
    c.get("log")?.debug({ code: error.code }, error.message);
    return c.json({ code: error.code, message: error.message }, error.status);
  }
  return handleError(error, c);
}

export { AppError };
