/**
 * The browser's client of the identity provider's /v1/auth contract (lib/identity-provider.ts). Errors come back as the
 * app's one ApiError with the provider's code; a server that cannot be reached is
 * `auth/network-request-failed`.
 */
import {
  type SignedIn,
  signedInSchema,
  type Tokens,
  tokensSchema,
  type User,
  userSchema,
} from "@lumen/contracts";
import type * as z from "zod/mini";
import { ApiError } from "../../../lib/api-error.ts";
import { experimentVisitorId } from "../../experiments/visitor-id.ts";
import type { IdentityProviderClient } from "../lib/identity-provider.ts";

export { userSchema };
export type AuthUser = User;
export type { SignedIn, Tokens };

async function call<T>(path: string, init: RequestInit, schema?: z.ZodMiniType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { "Content-Type": "application/json", ...init.headers },
    });
  } catch {
    throw ApiError.unreachable();
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = ApiError.fromAnswer(response.status, body);
    // A proxy's 502 page or similar: the identity provider itself was not reached.
    if (error.code === "http_error") throw ApiError.unreachable(`HTTP ${response.status}`);
    throw error;
  }
  return schema ? schema.parse(body) : (undefined as T);
}

const post = <T>(path: string, body: unknown, schema?: z.ZodMiniType<T>, token?: string) =>
  call(
    path,
    {
      method: "POST",
      body: JSON.stringify(body),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
    schema,
  );

export const identityClient = {
  signUp: (input: { email: string; password: string; displayName?: string }) =>
    // The visitor id keeps the visitor's experiment variants for the new account (issue 14).
    post("/v1/auth/signup", { ...input, visitorId: experimentVisitorId() }, signedInSchema),
  signIn: (input: { email: string; password: string }) =>
    post("/v1/auth/signin", input, signedInSchema),
  refresh: (refreshToken: string) => post("/v1/auth/token", { refreshToken }, tokensSchema),
  me: (idToken: string) =>
    call("/v1/me", { method: "GET", headers: { Authorization: `Bearer ${idToken}` } }, userSchema),
  requestPasswordReset: (email: string) => post<void>("/v1/auth/password-reset", { email }),
  confirmPasswordReset: (code: string, newPassword: string) =>
    post<void>("/v1/auth/password-reset/confirm", { code, newPassword }),
  confirmEmail: (code: string) => post<void>("/v1/auth/verify-email/confirm", { code }),
} satisfies IdentityProviderClient;
