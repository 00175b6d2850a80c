/**
 * Every error the API answers with (STYLE.md, convention 6): the codes, each with its HTTP
 * status, and the JSON body `{ code, message }`. The server maps codes to statuses from this
 * table alone, and the web app knows the same codes (issue 12: error codes are a contract).
 */
import { z } from "./zod.ts";

export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  unauthenticated: 401,
  /** A lesson or feature the learner's plan does not include (issue 15): the paywall. */
  plan_required: 402,
  forbidden: 403,
  /** What needs a confirmed address (a profile photo) asked of an account without one. */
  email_not_verified: 403,
  /** A learner an admin banned from posting in the community (issue 17). */
  posting_banned: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  insufficient_coins: 409,
  freeze_limit_reached: 409,
  /** A use that costs more credits than the balance holds (issue 15). */
  insufficient_credits: 409,
  /** Past a limit on what a learner keeps: projects, files in a project, machines (issue 17). */
  limit_reached: 409,
  /** A shared link its author unshared or an admin hid (issue 17): the page says which. */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  checks_failed: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** {product} AI asked of a server with no model set up (issue 16): AI_BASE_URL and AI_MODEL. */
  ai_not_configured: 503,
  // The identity provider's codes (spec section 8, issue 3).
  "auth/invalid-email": 400,
  "auth/wrong-password": 400,
  "auth/user-not-found": 400,
  "auth/weak-password": 400,
  "auth/expired-action-code": 400,
  "auth/invalid-action-code": 400,
  "auth/requires-recent-login": 401,
  "auth/user-disabled": 403,
  "auth/email-already-in-use": 409,
  "auth/too-many-requests": 429,
  // Hosted sign-in: OpenID Connect and OAuth providers (issue 19).
  /** The sign-in's state is not this browser's, or was changed on the way. */
  "auth/invalid-oauth-state": 400,
  /** The sign-in was already finished once, or started too long ago. */
  "auth/spent-oauth-state": 400,
  /** The provider refused the code, or its ID token failed a check (audience, expiry, nonce…). */
  "auth/invalid-credential": 400,
  "auth/user-cancelled": 400,
  /** The provider shared no email address, so there is no account to match or make. */
  "auth/missing-email": 400,
  "auth/no-such-provider": 404,
  "auth/account-exists-with-different-credential": 409,
  /** This provider account is already linked to another account. */
  "auth/credential-already-in-use": 409,
  "auth/provider-already-linked": 409,
  /** Unlinking would leave the account with no way to sign in. */
  "auth/last-sign-in-method": 409,
  "auth/provider-unavailable": 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type HttpErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Codes a client gives an error the server never answered: no connection (spec section 8's
 * `auth/network-request-failed`), or an answer that is not the API's (a proxy's error page).
 */
export const CLIENT_ERROR_CODES = ["auth/network-request-failed", "http_error"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
