/**
 * The one error the web app's API clients throw for an answer that is not OK (issue 12): the
 * HTTP status and the server's code from the contract (`@lumen/contracts` ERROR_STATUS), or a
 * client code when the API itself did not answer (no connection, or a proxy's error page).
 * Screens switch on `code`, never on message text.
 */
import { type ClientErrorCode, type ErrorCode, errorBodySchema } from "@lumen/contracts";

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;

  constructor(status: number, code: ErrorCode | ClientErrorCode, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }

  /** The server could not be reached at all (spec section 8's code). */
  static unreachable(message = "The server could not be reached."): ApiError {
    return new ApiError(0, "auth/network-request-failed", message);
  }

  /** The error a non-OK answer stands for, from its already-read JSON body. */
  static fromAnswer(status: number, body: unknown): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    return parsed.success
      ? new ApiError(status, parsed.data.code, parsed.data.message)
      : new ApiError(status, "http_error", `The server answered ${status}.`);
  }
}

export const isApiError = (error: unknown, code?: ErrorCode | ClientErrorCode): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);
