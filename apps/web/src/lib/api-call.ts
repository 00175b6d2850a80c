/**
 * One /v1 call whose answer the contract checks: apiFetch, then the app's ApiError for a refusal
 * (its code from the contract) or for a server that could not be reached, else the answer parsed
 * with the schema. Every feature's API client calls through it.
 */
import type * as z from "zod/mini";
import { apiFetch } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

export async function callApi<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return schema.parse(body);
}

/** A request with a JSON body (none for `undefined`). */
export const jsonInit = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});
