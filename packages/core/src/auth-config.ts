/**
 * The auth configuration's rules (spec section 5) for every identity provider: the built-in one,
 * Firebase Authentication, and each OpenID Connect client. The server checks its own options at
 * start and the options it sends to the browser; the browser checks what it received. Each failure
 * reads `Invalid lumen-auth options: <what is wrong>` (spec section 8's "Invalid … options: …",
 * with the product's module name).
 */
import { validateCookieMaxAge } from "./cookies.ts";

export const AUTH_MODULE_NAME = "lumen-auth";

/** The built-in provider's name for the web app (its client API key). */
export const BUILT_IN_CLIENT_API_KEY = "lumen-web";

/** The product's own session endpoints (spec section 7). */
export const LOGIN_API_ENDPOINT = "/api/login";
export const LOGOUT_API_ENDPOINT = "/api/logout";

export interface AuthCookieOptions {
  name?: string;
  maxAge?: number;
  /** Signing keys: server-side only. */
  keys?: readonly string[];
  [attribute: string]: unknown;
}

export interface AuthOptions {
  /** The identity provider's client settings; apiKey names this client to it. */
  clientConfig: { apiKey?: string; [key: string]: unknown };
  /** Server-side credentials: never in the browser. */
  adminConfig?: { privateKey?: string; [key: string]: unknown };
  loginAPIEndpoint?: string;
  logoutAPIEndpoint?: string;
  /** Replaces the login/logout calls when given. */
  tokenChangedHandler?: (token: string | null) => unknown;
  onLoginRequestError?: (error: Error) => unknown;
  onLogoutRequestError?: (error: Error) => unknown;
  onTokenRefreshError?: (error: Error) => unknown;
  onVerifyTokenError?: (error: Error) => unknown;
  cookies: AuthCookieOptions;
  /** host:port of a local identity-provider emulator, without a scheme. */
  emulatorHost?: string;
}

export class AuthOptionsError extends Error {
  constructor(problem: string) {
    super(`Invalid ${AUTH_MODULE_NAME} options: ${problem}`);
    this.name = "AuthOptionsError";
  }
}

const ERROR_HANDLERS = [
  "onLoginRequestError",
  "onLogoutRequestError",
  "onTokenRefreshError",
  "onVerifyTokenError",
] as const;

/** Every problem with the options, in a fixed order; empty when they are fine. */
export function authOptionsProblems(
  options: AuthOptions,
  { onServer }: { onServer: boolean },
): string[] {
  const problems: string[] = [];
  if (!options.clientConfig?.apiKey) {
    problems.push('The "clientConfig.apiKey" value is required.');
  }
  if (options.tokenChangedHandler) {
    if (typeof options.tokenChangedHandler !== "function") {
      problems.push('The "tokenChangedHandler" setting must be a function.');
    }
    if (options.loginAPIEndpoint !== undefined) {
      problems.push(
        'The "loginAPIEndpoint" setting should not be set if you are using a "tokenChangedHandler".',
      );
    }
    if (options.logoutAPIEndpoint !== undefined) {
      problems.push(
        'The "logoutAPIEndpoint" setting should not be set if you are using a "tokenChangedHandler".',
      );
    }
  } else {
    if (!options.loginAPIEndpoint) {
      problems.push(
        'The "loginAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
      );
    }
    if (!options.logoutAPIEndpoint) {
      problems.push(
        'The "logoutAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
      );
    }
  }
  const maxAge = validateCookieMaxAge(options.cookies?.maxAge);
  if (!maxAge.ok) problems.push(maxAge.error);
  if (onServer && !options.cookies?.name) {
    problems.push('The "cookies.name" setting is required on the server side.');
  }
  if (!onServer && options.adminConfig?.privateKey) {
    problems.push(
      'The "adminConfig.privateKey" setting should not be available on the client side.',
    );
  }
  if (!onServer && options.cookies?.keys !== undefined) {
    problems.push('The "cookies.keys" setting should not be available on the client side.');
  }
  if (options.emulatorHost !== undefined && /^https?:\/\//i.test(options.emulatorHost)) {
    problems.push('The emulatorHost should not include an "http" prefix, e.g. "localhost:9099".');
  }
  for (const name of ERROR_HANDLERS) {
    const handler = options[name];
    if (handler !== undefined && typeof handler !== "function") {
      problems.push(`Invalid setting: ${name} must be a function.`);
    }
  }
  return problems;
}

/** Throws the first problem as `Invalid lumen-auth options: ...`. */
export function validateAuthOptions(
  options: AuthOptions,
  side: { onServer: boolean },
): AuthOptions {
  const [first] = authOptionsProblems(options, side);
  if (first) throw new AuthOptionsError(first);
  return options;
}

/**
 * What the browser receives of a provider's options (the server's public config): its name and
 * its client settings. Anything else the server sent by mistake is kept, so that the browser's
 * own check refuses it instead of carrying a secret quietly.
 */
export interface AuthClientOptions {
  provider: string;
  clientConfig: { apiKey?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * The browser's options from what the server sent: the product's session endpoints and the
 * session cookie's lifetime, with the provider's client settings. Missing or unreadable settings
 * leave the API key out, which the check then names.
 */
export function clientAuthOptions(received: unknown, sessionMaxAgeMs: number): AuthOptions {
  const sent =
    received && typeof received === "object" ? (received as Record<string, unknown>) : {};
  const { provider: _provider, clientConfig, cookies, ...rest } = sent;
  return {
    ...rest,
    clientConfig:
      clientConfig && typeof clientConfig === "object"
        ? (clientConfig as AuthOptions["clientConfig"])
        : {},
    loginAPIEndpoint: LOGIN_API_ENDPOINT,
    logoutAPIEndpoint: LOGOUT_API_ENDPOINT,
    cookies: {
      ...(cookies && typeof cookies === "object" ? (cookies as AuthCookieOptions) : {}),
      maxAge: sessionMaxAgeMs,
    },
  };
}
