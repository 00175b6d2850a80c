/**
 * What a refused account call means, in the learner's words. The server's sentences are written
 * for learners already (errors carry a plain message); these cover what the server could not say:
 * no connection, our own failure, and when a limited action may be tried again.
 */
import { isApiError } from "../../../lib/api-error.ts";
import { retryWhen } from "../../auth/lib/verification.ts";

export function accountErrorText(error: unknown): string {
  if (isApiError(error, "auth/network-request-failed")) {
    return "We could not reach the server. Check your connection and try again.";
  }
  if (isApiError(error, "auth/too-many-requests") || isApiError(error, "rate_limited")) {
    const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    return seconds
      ? `Too many tries in a short time. Try again ${retryWhen(seconds)}.`
      : "Too many tries in a short time. Wait a few minutes, then try again.";
  }
  if (isApiError(error, "auth/requires-recent-login") || isApiError(error, "unauthenticated")) {
    return "Your session has ended. Sign in again, then try once more.";
  }
  if (isApiError(error, "http_error") || isApiError(error, "internal") || !isApiError(error)) {
    return "Something went wrong on our side. Try again in a moment.";
  }
  return error.message;
}
