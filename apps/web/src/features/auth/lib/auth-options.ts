/**
 * The auth module's options and their checks at start-up (spec section 5, issue 3). Each failure
 * reads `Invalid lumen-auth options: <what is wrong>`. The same checks serve the browser and the
 * server; `onServer` says which side is asking.
 */
import { validateCookieMaxAge } from "@lumen/core";

export const AUTH_MODULE_NAME = "lumen-auth";

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
