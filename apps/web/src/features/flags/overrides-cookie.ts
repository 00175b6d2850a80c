/**
 * The feature-override cookie a course engineer or admin sets from the developer toolbar (issue
 * 14): a JSON object of flag name to boolean, for this browser only. The server honours it for
 * those roles alone. Spec section 9's cookie defaults: 2 days, SameSite=Lax, Secure over https.
 */
import { FEATURE_OVERRIDES_COOKIE, FEATURE_OVERRIDES_MAX_AGE_S } from "@lumen/contracts";
import { type FeatureFlag, isFeatureFlag } from "@lumen/core";

export type FeatureOverrides = Partial<Record<FeatureFlag, boolean>>;

/** The cookie's raw value (URL-decoded), or null when it is not set. */
export function readOverridesCookie(cookies = document.cookie): string | null {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== FEATURE_OVERRIDES_COOKIE) continue;
    const value = rest.join("=");
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The overrides the cookie holds; {} when it is missing or cannot be read (the server says so). */
export function currentOverrides(cookies?: string): FeatureOverrides {
  const raw = readOverridesCookie(cookies);
  if (!raw) return {};
  try {
    const json: unknown = JSON.parse(raw);
    if (!json || typeof json !== "object" || Array.isArray(json)) return {};
    return Object.fromEntries(
      Object.entries(json).filter(
        ([flag, value]) => isFeatureFlag(flag) && typeof value === "boolean",
      ),
    );
  } catch {
    return {};
  }
}

/** The Set-Cookie text for OVERRIDES; an empty set removes the cookie. */
export function overridesCookieText(overrides: FeatureOverrides, secure: boolean): string {
  const empty = Object.keys(overrides).length === 0;
  const value = empty ? "" : encodeURIComponent(JSON.stringify(overrides));
  const maxAge = empty ? 0 : FEATURE_OVERRIDES_MAX_AGE_S;
  return `${FEATURE_OVERRIDES_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function writeOverrides(overrides: FeatureOverrides): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written whole; the server reads it.
  document.cookie = overridesCookieText(overrides, location.protocol === "https:");
}
