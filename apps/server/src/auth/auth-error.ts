/**
 * The identity provider's errors (spec section 8, issue 3): `auth/*` codes, each with its HTTP
 * status and one plain sentence. They leave the server as `{ code, message }`, like every error.
 * Their statuses live in errors.ts with every other code; this file holds their sentences.
 */
import { AppError, type ErrorCode } from "../errors.ts";

const AUTH_MESSAGES = {
  "auth/invalid-email": "That does not look like an email address.",
  "auth/wrong-password": "The email or password is not right.",
  "auth/user-not-found": "The email or password is not right.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/email-already-in-use": "An account with this email already exists.",
  "auth/weak-password": "The password must be at least 6 characters.",
  "auth/too-many-requests": "Too many attempts. Wait a few minutes and try again.",
  "auth/requires-recent-login": "Your session has ended. Sign in again.",
  "auth/expired-action-code": "This link has expired. Ask for a new one.",
  "auth/invalid-action-code": "This link is not valid or has already been used.",
} as const satisfies Partial<Record<ErrorCode, string>>;

export type AuthErrorCode = keyof typeof AUTH_MESSAGES;

export class AuthError extends AppError {
  declare readonly code: AuthErrorCode;

  constructor(
    code: AuthErrorCode,
    message: string = AUTH_MESSAGES[code],
    options?: { retryAfterSeconds?: number },
  ) {
    super(code, message, options);
    this.name = "AuthError";
  }
}

export { AppError };
