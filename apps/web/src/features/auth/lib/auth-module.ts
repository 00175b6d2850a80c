/**
 * The auth module's set-up: `initAuth(options)` once at start, `getAuthOptions()` wherever it is
 * used. Using it before set-up fails with `lumen-auth must be initialized before rendering.`, and
 * server-only functions called in the browser fail with `... can only be called server-side`.
 */
import { AUTH_MODULE_NAME, type AuthOptions, validateAuthOptions } from "./auth-options.ts";

export const NOT_INITIALIZED = `${AUTH_MODULE_NAME} must be initialized before rendering.`;

let current: AuthOptions | undefined;

const isBrowser = () => typeof window !== "undefined" && typeof document !== "undefined";

export function initAuth(options: AuthOptions): AuthOptions {
  current = validateAuthOptions(options, { onServer: !isBrowser() });
  return current;
}

export function getAuthOptions(): AuthOptions {
  if (!current) throw new Error(NOT_INITIALIZED);
  return current;
}

/** Forgets the set-up (tests). */
export function resetAuthModule(): void {
  current = undefined;
}

/** Wraps a function that must never run in the browser (it needs server secrets). */
export function serverOnly<A extends unknown[], R>(
  name: string,
  fn: (...args: A) => R,
): (...args: A) => R {
  return (...args: A) => {
    if (isBrowser()) throw new Error(`${name} can only be called server-side.`);
    return fn(...args);
  };
}

/**
 * Server-side session helpers belong to the server (apps/server/src/auth); these names exist in
 * the browser bundle only to fail loudly if imported by mistake.
 */
export const verifyIdToken = serverOnly("verifyIdToken", (): never => {
  throw new Error("verifyIdToken runs in the server: see apps/server/src/auth/id-token.ts.");
});
export const setAuthCookies = serverOnly("setAuthCookies", (): never => {
  throw new Error("setAuthCookies runs in the server: POST /api/login sets the session cookie.");
});
export const unsetAuthCookies = serverOnly("unsetAuthCookies", (): never => {
  throw new Error(
    "unsetAuthCookies runs in the server: POST /api/logout clears the session cookie.",
  );
});
