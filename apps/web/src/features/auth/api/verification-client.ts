/**
 * Email verification's calls (issue 13, item 10): ask for the mail again (signed in), and spend
 * a mail's code, to confirm the address or to finish an email change. A refused request carries
 * the server's Retry-After, so the screen can say when to ask again.
 */
import { type ActionMode, type User, userSchema, verifyEmailAnswerSchema } from "@lumen/contracts";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

export type VerificationError = ApiError & { retryAfterSeconds?: number };

async function post(path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw ApiError.unreachable();
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error: VerificationError = ApiError.fromAnswer(response.status, parsed);
    const retryAfter = Number(response.headers.get("Retry-After"));
    if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
    throw error;
  }
  return parsed;
}

export const verificationClient = {
  /** Mails the link again; false when the address was verified already. */
  resend: async (): Promise<boolean> =>
    verifyEmailAnswerSchema.parse(await post("/v1/auth/verify-email")).sent,
  /** Spends a code; an email change answers the account with its new address. */
  confirm: async (mode: ActionMode, code: string): Promise<User | null> => {
    if (mode === "changeEmail") {
      return userSchema.parse(await post("/v1/auth/email-change/confirm", { code }));
    }
    await post("/v1/auth/verify-email/confirm", { code });
    return null;
  },
  /** The signed-in user as the server has it now. */
  me: async (): Promise<User> => {
    const response = await apiFetch("/v1/me");
    if (!response.ok) {
      throw ApiError.fromAnswer(response.status, await response.json().catch(() => null));
    }
    return userSchema.parse(await response.json());
  },
};
