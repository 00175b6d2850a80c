/**
 * The browser's calls for "Continue with …" (issue 19): trading the callback's one-time code for
 * the session, the profile's sign-in methods, starting a link, and unlinking. Starting a sign-in
 * needs no call: it is a link to /v1/auth/oidc/<provider>/start (oidcStartHref). Refusals throw
 * the app's ApiError with the server's `auth/*` code.
 */
import {
  type IdentityLinks,
  identityLinksSchema,
  oidcRedirectSchema,
  type SignedIn,
  signedInSchema,
} from "@lumen/contracts";
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

async function send(
  path: string,
  init: RequestInit,
  through: (path: string, init: RequestInit) => Promise<Response> = apiFetch,
): Promise<Response> {
  let response: Response;
  try {
    response = await through(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  if (response.ok) return response;
  throw ApiError.fromAnswer(response.status, await response.json().catch(() => null));
}

const read = async <S extends z.ZodMiniType>(schema: S, response: Response): Promise<z.infer<S>> =>
  schema.parse(await response.json());

/** Where a "Continue with …" button goes: the server sends the browser on to the provider. */
export function oidcStartHref(providerId: string, redirectUrl: string | undefined): string {
  const query = redirectUrl ? `?redirectUrl=${encodeURIComponent(redirectUrl)}` : "";
  return `/v1/auth/oidc/${encodeURIComponent(providerId)}/start${query}`;
}

export const oidcClient = {
  redeem: async (code: string): Promise<SignedIn> =>
    read(
      signedInSchema,
      // No bearer token: the sign-in cookie proves it is the browser that started the sign-in.
      await send(
        "/v1/auth/oidc/session",
        {
          method: "POST",
          body: JSON.stringify({ code }),
          headers: { "Content-Type": "application/json" },
          credentials: "same-origin",
        },
        fetch,
      ),
    ),
  identities: async (): Promise<IdentityLinks> =>
    read(identityLinksSchema, await send("/v1/me/identities", { method: "GET" })),
  /** The provider's URL to send the browser to, for linking it to this account. */
  link: async (providerId: string, redirectUrl: string): Promise<string> =>
    (
      await read(
        oidcRedirectSchema,
        await send(`/v1/auth/oidc/${encodeURIComponent(providerId)}/link`, {
          method: "POST",
          body: JSON.stringify({ redirectUrl }),
        }),
      )
    ).url,
  unlink: async (providerId: string): Promise<void> => {
    await send(`/v1/me/identities/${encodeURIComponent(providerId)}`, { method: "DELETE" });
  },
};
