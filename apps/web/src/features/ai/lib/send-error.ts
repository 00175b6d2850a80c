/** Learner-facing words for a message the server refused before its reply started. */
import { isApiError } from "../../../lib/api-error.ts";

export function sendErrorText(error: unknown): string {
  if (isApiError(error, "insufficient_credits")) {
    return "You have no credits or free messages left for now.";
  }
  if (isApiError(error, "ai_not_configured")) return "The AI is not set up on this server.";
  if (isApiError(error, "rate_limited")) {
    return "That was a lot of messages at once. Wait a minute, then ask again.";
  }
  if (isApiError(error, "plan_required")) return "This lesson is part of a paid plan.";
  if (isApiError(error)) return error.message;
  return "The message could not be sent. Check your connection and try again.";
}
