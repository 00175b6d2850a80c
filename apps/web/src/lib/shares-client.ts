/**
 * The shares calls (issue 17, packages/contracts/src/shares.ts): read a shared code by its link,
 * share a project or a lesson solution, list and unshare one's own, duplicate into one's projects.
 * A refused call throws the app's ApiError; an unshared or hidden share is an ApiError `gone`.
 */
import {
  type CreateShareBody,
  createShareAnswerSchema,
  duplicateShareAnswerSchema,
  type MyShare,
  myShareListSchema,
  type SharedCode,
  sharedCodeSchema,
} from "@lumen/contracts";
import type * as z from "zod/mini";
import { apiFetch } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

async function call<S extends z.ZodMiniType>(
  schema: S | null,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  if (response.status === 204 || schema === null) {
    if (!response.ok)
      throw ApiError.fromAnswer(response.status, await response.json().catch(() => null));
    return undefined as z.infer<S>;
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return schema.parse(body);
}

const sharePath = (code: string) => `/v1/shares/${encodeURIComponent(code)}`;

/** The page address of a share, on this site. */
export const shareUrl = (code: string) => `${window.location.origin}/web/shared/${code}`;

export const sharesApi = {
  read: (code: string): Promise<SharedCode> => call(sharedCodeSchema, sharePath(code)),
  create: (body: CreateShareBody): Promise<MyShare> =>
    call(createShareAnswerSchema, "/v1/shares", {
      method: "POST",
      body: JSON.stringify(body),
    }).then((answer) => answer.share),
  mine: (): Promise<MyShare[]> =>
    call(myShareListSchema, "/v1/shares/mine").then((answer) => answer.shares),
  unshare: (code: string): Promise<void> =>
    call(null, sharePath(code), { method: "DELETE" }).then(() => undefined),
  duplicate: (code: string): Promise<{ projectId: string }> =>
    call(duplicateShareAnswerSchema, `${sharePath(code)}/duplicate`, { method: "POST" }),
};
