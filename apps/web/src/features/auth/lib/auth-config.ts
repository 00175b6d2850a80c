/**
 * The auth settings the server inlines with the public config: the redirect allow-list and, where
 * ALLOW_IMPERSONATION is on, an impersonation token. Read here because lib/config.ts lists only
 * the shell's settings.
 */
export interface AuthPublicConfig {
  allowedRedirectHosts: string[];
  /** Whether the localhost development hosts may be redirected to: the server says, by mode. */
  devRedirectHosts: boolean;
  impersonationToken?: string;
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
      allowedRedirectHosts: hosts,
      devRedirectHosts,
      ...(token ? { impersonationToken: token } : {}),
    };
  } catch {
    return { allowedRedirectHosts: [], devRedirectHosts: false };
  }
}

export const authConfig: AuthPublicConfig = read();
