/**
 * The auth module's options in the browser. Their rules (spec section 5) live in @lumen/core
 * (auth-config.ts), shared with the server; here the browser builds its options from what the
 * server's public config says of the configured provider, and checks them at start.
 */
import { type AuthOptions, clientAuthOptions, SESSION_COOKIE_MAX_AGE_MS } from "@lumen/core";

export {
  AUTH_MODULE_NAME,
  type AuthCookieOptions,
  type AuthOptions,
  AuthOptionsError,
  authOptionsProblems,
  validateAuthOptions,
} from "@lumen/core";

/** The browser's options for the provider the server named (`auth` in the public config). */
export function webAuthOptions(received: unknown): AuthOptions {
  return clientAuthOptions(received, SESSION_COOKIE_MAX_AGE_MS);
}
