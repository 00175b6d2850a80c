/**
 * One error type for the whole API. A code names the situation; this file alone maps codes to
 * HTTP statuses, and every error leaves the server as `{ code, message }`.
 */

const STATUS_BY_CODE = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  insufficient_coins: 409,
  freeze_limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  checks_failed: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
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
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;
export type HttpErrorStatus = (typeof STATUS_BY_CODE)[ErrorCode];

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Whether the error is our fault and belongs in the error log (5xx), not the learner's. */
  readonly isReportable: boolean;
  /** For a 429: when to come back, sent as the Retry-After header. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
    this.isReportable = STATUS_BY_CODE[code] >= 500;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get status(): HttpErrorStatus {
    return STATUS_BY_CODE[this.code];
  }
}

export const errors = {
  notFound: (what = "This address") => new AppError("not_found", `${what} does not exist.`),
  invalidJson: () => new AppError("invalid_json", "The request body is not valid JSON."),
  validation: (detail: string) => new AppError("validation_failed", detail),
  payloadTooLarge: (limit: string) =>
    new AppError("payload_too_large", `The request body is larger than ${limit}.`),
  methodNotAllowed: (method: string, allowed: string[]) =>
    new AppError(
      "method_not_allowed",
      `${method} is not allowed here. Allowed: ${allowed.join(", ")}.`,
    ),
  internal: (requestId: string) =>
    new AppError(
      "internal",
      `Something went wrong on our side. If it keeps happening, quote request id ${requestId}.`,
    ),
  unavailable: (what: string) => new AppError("unavailable", `${what} is unavailable right now.`),
};
