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
  // Hosted sign-in (issue 19): words for an API client; the web app has its own (error-messages.ts).
  "auth/invalid-oauth-state":
    "This sign-in could not be checked: it was started in another browser or changed on the way. Start again.",
  "auth/spent-oauth-state": "This sign-in was already used or has expired. Start again.",
  "auth/invalid-credential": "The sign-in service's answer could not be verified. Start again.",
  "auth/user-cancelled": "The sign-in was cancelled at the sign-in service.",
  "auth/missing-email": "The sign-in service did not share an email address.",
  "auth/no-such-provider": "This sign-in service is not linked to the account or not set up here.",
  "auth/account-exists-with-different-credential":
    "An account with this email already exists. Sign in with it, then link this service in your profile.",
  "auth/credential-already-in-use": "This sign-in service account is linked to another account.",
  "auth/provider-already-linked": "A different account of this sign-in service is already linked.",
  "auth/last-sign-in-method":
    "This is your only way to sign in. Set a password or link another service first.",
  "auth/provider-unavailable": "The sign-in service could not be reached. Try again in a moment.",
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
