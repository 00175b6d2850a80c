/**
 * The profile page's calls (issue 13): the learner's name, photo, password, address, settings,
 * stats, data export and account deletion. Each answer is checked against the shared contract;
 * a refused call throws the app's ApiError, with the Retry-After of a 429 when there is one.
 */
import {
  type EmailChangeAnswer,
  emailChangeAnswerSchema,
  type LearnerStats,
  learnerStatsSchema,
  type SettingsAnswer,
  type SettingsPatch,
  type SignedIn,
  settingsAnswerSchema,
  signedInSchema,
  type User,
  userSchema,
} from "@lumen/contracts";
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

/** An ApiError that also says when to try again (a 429's Retry-After, in seconds). */
export type RefusedError = ApiError & { retryAfterSeconds?: number };

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  const error: RefusedError = ApiError.fromAnswer(response.status, body);
  const retryAfter = Number(response.headers.get("Retry-After"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
  throw error;
}

async function call<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  const response = await send(path, init);
  return schema.parse(await response.json());
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

/** The file name the server gave an attachment, or a fallback. */
function attachmentName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? fallback;
}

export const accountApi = {
  settings: (): Promise<SettingsAnswer> => call(settingsAnswerSchema, "/v1/me/settings"),
  patchSettings: (patch: SettingsPatch): Promise<SettingsAnswer> =>
    call(settingsAnswerSchema, "/v1/me/settings", json("PATCH", patch)),
  updateProfile: (displayName: string | null): Promise<User> =>
    call(userSchema, "/v1/me", json("PATCH", { displayName })),
  uploadPhoto: (file: Blob): Promise<User> =>
    call(userSchema, "/v1/me/photo", {
      method: "PUT",
      body: file,
      headers: { "Content-Type": file.type || "application/octet-stream" },
    }),
  removePhoto: (): Promise<User> => call(userSchema, "/v1/me/photo", { method: "DELETE" }),
  changePassword: (body: { currentPassword: string; newPassword: string }): Promise<SignedIn> =>
    call(signedInSchema, "/v1/me/password", json("POST", body)),
  requestEmailChange: (body: {
    newEmail: string;
    currentPassword: string;
  }): Promise<EmailChangeAnswer> =>
    call(emailChangeAnswerSchema, "/v1/me/email", json("POST", body)),
  deleteAccount: async (body: { confirmEmail: string; password: string }): Promise<void> => {
    await send("/v1/me", json("DELETE", body));
  },
  stats: (): Promise<LearnerStats> => call(learnerStatsSchema, "/v1/me/stats"),
  /** The learner's data as the server wrote it, and the file name it suggests. */
  exportData: async (): Promise<{ blob: Blob; fileName: string }> => {
    const response = await send("/v1/me/export", {});
    return {
      blob: await response.blob(),
      fileName: attachmentName(response, "lumen-data.json"),
    };
  },
};
