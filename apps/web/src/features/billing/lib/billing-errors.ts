/**
 * A billing call's failure in plain words (issue 15), by the contract's error code, never by the
 * message text. The server's own sentence is shown where it is written for the learner (a
 * conflict such as an existing subscription, a refused plan change).
 */
import { isApiError } from "../../../lib/api-error.ts";

export function billingErrorText(error: unknown): string {
  if (!isApiError(error)) return "Something went wrong on our side. Please try again.";
  switch (error.code) {
    case "auth/network-request-failed":
      return "We could not reach the server. Check your connection and try again.";
    case "unauthenticated":
      return "Your session has ended. Sign in again to continue.";
    case "not_found":
      return "We could not find this checkout. It may belong to another account.";
    case "forbidden":
      return "This checkout belongs to another account.";
    case "rate_limited":
      return "That was a lot of tries in a short time. Wait a minute, then try again.";
    case "conflict":
    case "bad_request":
    case "validation_failed":
      return error.message;
    default:
      return "Something went wrong on our side. Please try again.";
  }
}
