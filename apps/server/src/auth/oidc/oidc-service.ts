/**
 * The OpenID Connect and OAuth side of hosted sign-in (issue 19), through `openid-client`: the
 * authorization URL (code flow with PKCE, state and nonce), and at the callback the code's
 * exchange and the ID token's checks (signature by the issuer's published keys, issuer, audience,
 * expiry, nonce), then who the person is: the ID token's claims, or the userinfo endpoint when the
 * token leaves the email out, or GitHub's API for GitHub's OAuth app. Every failure becomes one
 * of the `auth/*` codes; nothing here touches the database.
 */
import * as client from "openid-client";
import { AuthError } from "../auth-error.ts";
import type { OidcProviderSettings } from "./oidc-settings.ts";

/** Who the provider says the person is. */
export interface ProviderIdentity {
  provider: string;
  /** The provider's stable id for them. */
  subject: string;
  email: string | null;
  /** Only an explicit yes from the provider counts. */
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface CallbackCheck {
  /** The callback's URL as the provider sent the browser to it (its query holds code and state). */
  callbackUrl: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcService {
  readonly providers: readonly OidcProviderSettings[];
  find(id: string): OidcProviderSettings | undefined;
  authorizationUrl(provider: OidcProviderSettings, request: AuthorizationRequest): Promise<URL>;
  identify(provider: OidcProviderSettings, check: CallbackCheck): Promise<ProviderIdentity>;
}

/** Seconds any one call to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** RFC 8414: a server that lists no methods takes client_secret_basic. */
function secretAuth(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (as, c, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const useBasic = !methods || methods.includes("client_secret_basic");
    return (useBasic ? basic : post)(as, c, body, headers);
  };
}

async function configure(provider: OidcProviderSettings): Promise<client.Configuration> {
  const auth = provider.clientSecret ? secretAuth(provider.clientSecret) : client.None();
  // Plain http is allowed only for a provider on this machine (oidc-settings.ts).
  const insecure = provider.issuer.startsWith("http:");
  let config: client.Configuration;
  if (provider.github) {
    config = new client.Configuration(
      {
        issuer: provider.issuer,
        authorization_endpoint: provider.github.authorizationUrl,
        token_endpoint: provider.github.tokenUrl,
      },
      provider.clientId,
      undefined,
      // GitHub takes the secret in the form body.
      client.ClientSecretPost(provider.clientSecret),
    );
    if (insecure || provider.github.tokenUrl.startsWith("http:"))
      client.allowInsecureRequests(config);
  } else {
    config = await client.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  }
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  return config;
}

const UNAVAILABLE_CODES = new Set(["OAUTH_RESPONSE_IS_NOT_JSON", "OAUTH_HTTP_REQUEST_FORBIDDEN"]);

/** A failure talking to the provider, as the code the learner is shown. */
export function oidcFailure(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new AuthError(
      error.error === "access_denied" ? "auth/user-cancelled" : "auth/invalid-credential",
    );
  }
  if (error instanceof client.ResponseBodyError) {
    return new AuthError(
      error.status >= 500 ? "auth/provider-unavailable" : "auth/invalid-credential",
    );
  }
  if (error instanceof client.ClientError) {
    const status = error.cause instanceof Response ? error.cause.status : 0;
    const down =
      status >= 500 ||
      UNAVAILABLE_CODES.has(error.code ?? "") ||
      (error.code === "OAUTH_RESPONSE_IS_NOT_CONFORM" && status !== 400 && status !== 401);
    return new AuthError(down ? "auth/provider-unavailable" : "auth/invalid-credential");
  }
  // fetch's "fetch failed" (refused, reset, no such host) and the timeout's abort.
  return new AuthError("auth/provider-unavailable");
}

const verified = (value: unknown) => value === true || value === "true";
const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

async function githubIdentity(
  config: client.Configuration,
  provider: OidcProviderSettings & { github: NonNullable<OidcProviderSettings["github"]> },
  accessToken: string,
): Promise<ProviderIdentity> {
  const headers = new Headers({ accept: "application/vnd.github+json" });
  const read = async (path: string): Promise<unknown> => {
    const url = new URL(`${provider.github.apiUrl}${path}`);
    const response = await client.fetchProtectedResource(
      config,
      accessToken,
      url,
      "GET",
      null,
      headers,
    );
    if (response.status >= 500) throw new AuthError("auth/provider-unavailable");
    if (!response.ok) return null;
    return response.json();
  };
  const user = (await read("/user")) as { id?: unknown; email?: unknown; name?: unknown } | null;
  if (!user || (typeof user.id !== "number" && typeof user.id !== "string")) {
    throw new AuthError("auth/invalid-credential");
  }
  // The address list says which are verified; without the user:email scope it is refused.
  const emails = ((await read("/user/emails")) as GitHubEmail[] | null) ?? [];
  const listed = Array.isArray(emails) ? emails.filter((e) => typeof e?.email === "string") : [];
  const chosen =
    listed.find((e) => e.primary && e.verified === true) ?? listed.find((e) => e.verified === true);
  return {
    provider: provider.id,
    subject: String(user.id),
    // No verified address: the primary one, which can make an account but never join one.
    email: chosen?.email ?? listed.find((e) => e.primary)?.email ?? text(user.email),
    emailVerified: chosen !== undefined,
    name: text(user.name),
  };
}

export function createOidcService(providers: readonly OidcProviderSettings[]): OidcService {
  const configs = new Map<string, Promise<client.Configuration>>();
  // Discovery runs once per provider; a failure is not kept, so the next sign-in tries again.
  const configFor = (provider: OidcProviderSettings) => {
    let config = configs.get(provider.id);
    if (!config) {
      config = configure(provider).catch((error: unknown) => {
        configs.delete(provider.id);
        throw oidcFailure(error);
      });
      configs.set(provider.id, config);
    }
    return config;
  };

  return {
    providers,
    find: (id) => providers.find((p) => p.id === id),

    async authorizationUrl(provider, request) {
      const config = await configFor(provider);
      const parameters: Record<string, string> = {
        redirect_uri: request.redirectUri,
        scope: provider.scopes.join(" "),
        state: request.state,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: "S256",
      };
      if (provider.kind === "oidc") parameters.nonce = request.nonce;
      return client.buildAuthorizationUrl(config, parameters);
    },

    async identify(provider, check) {
      const config = await configFor(provider);
      try {
        const tokens = await client.authorizationCodeGrant(config, check.callbackUrl, {
          pkceCodeVerifier: check.codeVerifier,
          expectedState: check.state,
          ...(provider.kind === "oidc"
            ? { expectedNonce: check.nonce, idTokenExpected: true }
            : {}),
        });
        if (provider.github)
          return await githubIdentity(
            config,
            { ...provider, github: provider.github },
            tokens.access_token,
          );
        const claims = tokens.claims();
        if (!claims) throw new AuthError("auth/invalid-credential");
        let source: Record<string, unknown> = claims;
        // Many providers put the address in userinfo only (the code flow's ID token is lean).
        if (!text(claims.email)) {
          source = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        }
        return {
          provider: provider.id,
          subject: claims.sub,
          email: text(source.email),
          emailVerified: verified(source.email_verified),
          name: text(source.name) ?? text(claims.name),
        };
      } catch (error) {
        throw oidcFailure(error);
      }
    },
  };
}
