/**
 * One error type for the whole API. A code names the situation; the codes and their HTTP statuses
 * are a contract (`@lumen/contracts` ERROR_STATUS), and every error leaves the server as
 * `{ code, message }`.
 */

import { ERROR_STATUS, type ErrorCode, type HttpErrorStatus } from "@lumen/contracts";

export type { ErrorCode, HttpErrorStatus };

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
    this.isReportable = ERROR_STATUS[code] >= 500;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get status(): HttpErrorStatus {
    return ERROR_STATUS[this.code];
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
