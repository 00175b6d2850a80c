/**
 * The hosted sign-in providers a server offers (issue 19), from the OIDC_PROVIDERS setting: a JSON
 * array with one entry per provider. Well-known ids fill in what they can (Google's issuer, GitHub's
 * OAuth endpoints, each one's display name and scopes); the rest comes from the entry. Pure: read
 * at boot by env.ts, so a bad entry stops the server with one line naming it.
 */
import { z } from "zod";

/** "oidc": discovery, ID token and PKCE; "github": GitHub's OAuth app (no ID token: its API says who). */
export type OidcProviderKind = "oidc" | "github";

export interface OidcProviderSettings {
  id: string;
  kind: OidcProviderKind;
  /** Shown on the "Continue with …" button. */
  name: string;
  /** The OpenID Connect issuer (discovery at /.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE only). */
  clientSecret?: string;
  scopes: string[];
  /** GitHub only: its OAuth endpoints and API (GitHub Enterprise Server has its own). */
  github?: { authorizationUrl: string; tokenUrl: string; apiUrl: string };
}

interface Preset {
  name: string;
  kind: OidcProviderKind;
  scopes: string[];
  issuer?: string;
  /** How the issuer looks, for the message when it is missing. */
  issuerHint?: string;
}

const OIDC_SCOPES = ["openid", "email", "profile"];

/** The providers the README documents; any other id is a generic OpenID Connect provider. */
export const OIDC_PRESETS: Record<string, Preset> = {
  google: {
    name: "Google",
    kind: "oidc",
    scopes: OIDC_SCOPES,
    issuer: "https://accounts.google.com",
  },
  github: { name: "GitHub", kind: "github", scopes: ["read:user", "user:email"] },
  microsoft: {
    name: "Microsoft",
    kind: "oidc",
    scopes: OIDC_SCOPES,
    issuerHint: "https://login.microsoftonline.com/<tenant id>/v2.0",
  },
  okta: {
    name: "Okta",
    kind: "oidc",
    scopes: OIDC_SCOPES,
    issuerHint: "https://<your org>.okta.com/oauth2/default",
  },
  keycloak: {
    name: "Keycloak",
    kind: "oidc",
    scopes: OIDC_SCOPES,
    issuerHint: "https://<host>/realms/<realm>",
  },
  auth0: {
    name: "Auth0",
    kind: "oidc",
    scopes: OIDC_SCOPES,
    issuerHint: "https://<tenant>.<region>.auth0.com/",
  },
};

const GITHUB_ENDPOINTS = {
  authorizationUrl: "https://github.com/login/oauth/authorize",
  tokenUrl: "https://github.com/login/oauth/access_token",
  apiUrl: "https://api.github.com",
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const RESERVED_IDS = new Set(["firebase", "built-in"]);

/** https, or http on this machine only (a provider run for development or tests). */
const providerUrl = z.url().refine((value) => {
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}, "must be an https URL (http only on localhost)");

const entrySchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "id must be lower-case letters, digits and dashes")
    // The session provider's own links use these ids (auth/firebase/).
    .refine((id) => !RESERVED_IDS.has(id), "id firebase and built-in are the session providers'"),
  kind: z.enum(["oidc", "github"]).optional(),
  name: z.string().trim().min(1).max(40).optional(),
  issuer: providerUrl.optional(),
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().min(1).max(4000).optional(),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, "a scope is one word"))
    .min(1)
    .max(20)
    .optional(),
  authorizationUrl: providerUrl.optional(),
  tokenUrl: providerUrl.optional(),
  apiUrl: providerUrl.optional(),
});

export type OidcProviderEntry = z.infer<typeof entrySchema>;

/** One entry with its preset applied, or the sentence that says what is wrong. */
function resolveEntry(entry: OidcProviderEntry): OidcProviderSettings | string {
  const preset = OIDC_PRESETS[entry.id];
  const kind = entry.kind ?? preset?.kind ?? "oidc";
  const name = entry.name ?? preset?.name;
  if (!name) return `${entry.id}: "name" is required (it is shown on the sign-in button)`;
  const scopes = entry.scopes ?? preset?.scopes ?? OIDC_SCOPES;
  if (kind === "github") {
    if (!entry.clientSecret)
      return `${entry.id}: "clientSecret" is required for a GitHub OAuth app`;
    return {
      id: entry.id,
      kind,
      name,
      issuer: new URL(entry.authorizationUrl ?? GITHUB_ENDPOINTS.authorizationUrl).origin,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      scopes,
      github: {
        authorizationUrl: entry.authorizationUrl ?? GITHUB_ENDPOINTS.authorizationUrl,
        tokenUrl: entry.tokenUrl ?? GITHUB_ENDPOINTS.tokenUrl,
        apiUrl: (entry.apiUrl ?? GITHUB_ENDPOINTS.apiUrl).replace(/\/+$/, ""),
      },
    };
  }
  const issuer = entry.issuer ?? preset?.issuer;
  if (!issuer) {
    const hint = preset?.issuerHint ? `, like ${preset.issuerHint}` : "";
    return `${entry.id}: "issuer" is required${hint}`;
  }
  if (!scopes.includes("openid")) return `${entry.id}: "scopes" must include openid`;
  return {
    id: entry.id,
    kind,
    name,
    issuer,
    clientId: entry.clientId,
    ...(entry.clientSecret ? { clientSecret: entry.clientSecret } : {}),
    scopes,
  };
}

/** OIDC_PROVIDERS as a setting: JSON text in, the resolved providers out. */
export const oidcProvidersSetting = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON array of providers" });
      return z.NEVER;
    }
  })
  .pipe(z.array(entrySchema).max(20))
  .transform((entries, ctx) => {
    const resolved: OidcProviderSettings[] = [];
    for (const entry of entries) {
      const provider = resolveEntry(entry);
      if (typeof provider === "string") ctx.addIssue({ code: "custom", message: provider });
      else if (resolved.some((p) => p.id === provider.id))
        ctx.addIssue({ code: "custom", message: `${provider.id}: listed twice` });
      else resolved.push(provider);
    }
    return resolved;
  });

/** What the browser may know of the providers: their ids and names, never a client secret. */
export function publicOidcProviders(
  providers: readonly OidcProviderSettings[],
): Array<{ id: string; name: string }> {
  return providers.map(({ id, name }) => ({ id, name }));
}
