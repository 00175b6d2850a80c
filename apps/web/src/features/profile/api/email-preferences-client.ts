/**
 * Which community and event mails the learner wants (issue 17): GET and PUT
 * /v1/me/email-preferences, checked against the shared contract.
 */
import { type EmailPreferences, emailPreferencesSchema } from "@lumen/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

async function call(init: RequestInit = {}): Promise<EmailPreferences> {
  let response: Response;
  try {
    response = await apiFetch("/v1/me/email-preferences", init);
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return emailPreferencesSchema.parse(body);
}

export const emailPreferencesKey = ["me", "email-preferences"] as const;

export const emailPreferencesQuery = () =>
  queryOptions({ queryKey: emailPreferencesKey, queryFn: () => call() });

export const saveEmailPreferences = (preferences: EmailPreferences) =>
  call({ method: "PUT", body: JSON.stringify(preferences) });
