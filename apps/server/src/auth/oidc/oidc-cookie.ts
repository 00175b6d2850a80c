/**
 * The cookie that ties a hosted sign-in to the browser that started it (issue 19): it holds the
 * sign-in's state, signed with the cookie keys. The callback accepts a state only from the same
 * browser (no login CSRF), and the web app's trade of the one-time code for its session needs it
 * again. SameSite=Lax, because the provider sends the browser back by a cross-site navigation;
 * its path is /v1/auth/oidc, so no other request carries it.
 */
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";

export const OIDC_COOKIE_NAME = "lumen_oidc";
/** How long a sign-in may take at the provider. */
export const OIDC_SIGN_IN_TTL_SECONDS = 10 * 60;
const COOKIE_PATH = "/v1/auth/oidc";

// biome-ignore lint/suspicious/noExplicitAny: works with any route's variable map.
type AnyContext = Context<any>;

export async function setOidcCookie(c: AnyContext, keys: readonly string[], state: string) {
  const [key] = keys;
  if (!key) throw new Error("No cookie key to sign the sign-in state with.");
  await setSignedCookie(c, OIDC_COOKIE_NAME, state, key, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: COOKIE_PATH,
    maxAge: OIDC_SIGN_IN_TTL_SECONDS,
  });
}

/** The state this browser started, when the cookie is there and signed by one of the keys. */
export async function readOidcCookie(
  c: AnyContext,
  keys: readonly string[],
): Promise<string | null> {
  for (const key of keys) {
    const value = await getSignedCookie(c, key, OIDC_COOKIE_NAME);
    if (value === undefined) return null;
    if (value !== false) return /^[\w-]{20,200}$/.test(value) ? value : null;
  }
  return null;
}

export function clearOidcCookie(c: AnyContext) {
  deleteCookie(c, OIDC_COOKIE_NAME, {
    path: COOKIE_PATH,
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
  });
}
