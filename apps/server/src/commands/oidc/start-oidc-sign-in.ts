/**
 * Starts a hosted sign-in (GET /v1/auth/oidc/:provider/start) or the linking of a provider to the
 * signed-in account (POST /v1/auth/oidc/:provider/link): fresh state, nonce and PKCE verifier,
 * kept under the state's hash for ten minutes, and the provider's authorization URL. The provider
 * is asked first, so a provider that is down leaves nothing behind.
 */
import { type Db, schema, sql } from "@lumen/db";
import { randomPKCECodeVerifier } from "openid-client";
import { AuthError } from "../../auth/auth-error.ts";
import { OIDC_SIGN_IN_TTL_SECONDS } from "../../auth/oidc/oidc-cookie.ts";
import type { OidcService } from "../../auth/oidc/oidc-service.ts";
import { hashSecret, newSecret } from "../../auth/secret-token.ts";

export interface StartOidcSignInOptions {
  db: Db;
  oidc: OidcService;
  providerId: string;
  /** The product's public origin: the callback is registered at the provider under it. */
  origin: string;
  /** Where the web app goes afterwards, already accepted by the redirect allow-list. */
  returnTo: string;
  /** Linking: the signed-in account the provider account joins. */
  linkUserId?: string;
  now: Date;
}

/** Finished or abandoned sign-ins are kept a day (for support), then dropped. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export const oidcCallbackUrl = (origin: string, providerId: string) =>
  `${origin}/v1/auth/oidc/${providerId}/callback`;

export async function startOidcSignIn(
  options: StartOidcSignInOptions,
): Promise<{ url: URL; state: string }> {
  const provider = options.oidc.find(options.providerId);
  if (!provider) throw new AuthError("auth/no-such-provider");
  const state = newSecret();
  const nonce = newSecret();
  const codeVerifier = randomPKCECodeVerifier();
  const url = await options.oidc.authorizationUrl(provider, {
    redirectUri: oidcCallbackUrl(options.origin, provider.id),
    state,
    nonce,
    codeVerifier,
  });
  const { db, now } = options;
  await db
    .delete(schema.oidcSignIns)
    .where(
      sql`${schema.oidcSignIns.expiresAt} < ${new Date(now.getTime() - KEEP_MS).toISOString()}::timestamptz`,
    );
  await db.insert(schema.oidcSignIns).values({
    stateHash: hashSecret(state),
    provider: provider.id,
    codeVerifier,
    nonce,
    returnTo: options.returnTo,
    linkUserId: options.linkUserId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OIDC_SIGN_IN_TTL_SECONDS * 1000),
  });
  return { url, state };
}
