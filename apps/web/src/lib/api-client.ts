/**
 * fetch for the product's /v1 API (spec sections 6 and 7): every call carries the signed-in
 * user's bearer token, or the configured impersonation token when there is one.
 */

import { authConfig } from "../features/auth/lib/auth-config.ts";
import { takePrefetched } from "./prefetched.ts";

let currentToken: () => Promise<string | null> = async () => null;

/** The auth provider registers how to get a fresh ID token. */
export function setTokenSource(source: () => Promise<string | null>): void {
  currentToken = source;
}

export async function bearerToken(
  impersonationToken = authConfig.impersonationToken,
): Promise<string | null> {
  return impersonationToken ?? (await currentToken());
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  if ((init.method ?? "GET") === "GET") {
    const prefetched = takePrefetched(path);
    if (prefetched) return prefetched;
  }
  const token = await bearerToken();
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.body !== undefined && !headers.has("Content-Type"))
    headers.set("Content-Type", "application/json");
  return fetch(path, { ...init, headers });
}
