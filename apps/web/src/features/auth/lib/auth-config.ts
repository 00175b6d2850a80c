/**
 * The auth settings the server inlines with the public config: the configured identity provider's
 * client options, the "Continue with …" providers, the redirect allow-list and, where
 * ALLOW_IMPERSONATION is on, an impersonation token. Read here because lib/config.ts lists only
 * the shell's settings.
 */
import { BUILT_IN_CLIENT_API_KEY } from "@lumen/core";

/** A page without the setting (a test page, an older server) uses the built-in provider. */
const BUILT_IN_CLIENT = { provider: "built-in", clientConfig: { apiKey: BUILT_IN_CLIENT_API_KEY } };

export interface AuthPublicConfig {
  /** The provider's client options as the server sent them, checked by auth-options.ts. */
  provider: unknown;
  allowedRedirectHosts: string[];
  /** Whether the localhost development hosts may be redirected to: the server says, by mode. */
  devRedirectHosts: boolean;
  impersonationToken?: string;
  /** "Continue with …" providers the server offers (issue 19): ids and names only. */
  oidcProviders: Array<{ id: string; name: string }>;
}

/** Well-formed entries only: an id fit for a URL path and a name to show. */
function oidcProviders(raw: unknown): Array<{ id: string; name: string }> {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (p): p is { id: string; name: string } =>
      typeof p?.id === "string" && /^[a-z0-9-]{1,32}$/.test(p.id) && typeof p.name === "string",
  );
}

function read(): AuthPublicConfig {
  const el = typeof document === "undefined" ? null : document.getElementById("lumen-config");
  try {
    const raw = el?.textContent ? (JSON.parse(el.textContent) as Record<string, unknown>) : {};
    const hosts = Array.isArray(raw.allowedRedirectHosts)
      ? raw.allowedRedirectHosts.filter((h): h is string => typeof h === "string")
      : [];
    const token = typeof raw.impersonationToken === "string" ? raw.impersonationToken : undefined;
    // Only an explicit true from the server allows them: a page without the setting is treated
    // as production.
    const devRedirectHosts = raw.devRedirectHosts === true;
    return {
      provider: "auth" in raw ? raw.auth : BUILT_IN_CLIENT,
      allowedRedirectHosts: hosts,
      devRedirectHosts,
      oidcProviders: oidcProviders(raw.oidcProviders),
      ...(token ? { impersonationToken: token } : {}),
    };
  } catch {
    return {
      provider: BUILT_IN_CLIENT,
      allowedRedirectHosts: [],
      devRedirectHosts: false,
      oidcProviders: [],
    };
  }
}

export const authConfig: AuthPublicConfig = read();
