/**
 * The /v1 calls every feature's API client makes through: `reachApi` (the answer, or the app's
 * ApiError for a server that could not be reached), `sendApi` (a refusal throws an ApiError with
 * its code from the contract; the answer's JSON body, null for none) and `callApi` (the body parsed
 * with the contract's schema).
 */
import type * as z from "zod/mini";
import { apiFetch } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

export async function reachApi(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
}

export async function sendApi(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await reachApi(path, init);
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return body;
}

export async function callApi<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  return schema.parse(await sendApi(path, init));
}

/** A request with a JSON body (none for `undefined`). */
export const jsonInit = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});
