/**
 * The auth configuration of whichever providers are set up (issue 19), checked at start by the
 * rules of spec section 5 (@lumen/core auth-config.ts): the provider that issues sessions (the
 * built-in one, or Firebase Authentication with AUTH_PROVIDER=firebase) and each OpenID Connect
 * client. For each, the server's own options and the options it hands the browser are checked,
 * so a secret that would reach the browser stops the start instead. parseEnv reports the
 * problems, one line each: `Invalid lumen-auth options: … (the setting to change)`.
 */
import {
  AUTH_MODULE_NAME,
  type AuthClientOptions,
  type AuthOptions,
  authOptionsProblems,
  BUILT_IN_CLIENT_API_KEY,
  clientAuthOptions,
  LOGIN_API_ENDPOINT,
  LOGOUT_API_ENDPOINT,
  SESSION_COOKIE_MAX_AGE_MS,
} from "@lumen/core";

/** The session cookie's name (session-cookie.ts uses this one). */
export const SESSION_COOKIE_NAME = "lumen_session";

/** The settings these options come from: a part of Env, so tests can give just these. */
export interface AuthSettings {
  NODE_ENV?: "development" | "production" | "test";
  AUTH_PROVIDER: "built-in" | "firebase";
  FIREBASE_PROJECT_ID?: string;
  FIREBASE_API_KEY?: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  COOKIE_KEYS?: string[];
  /** The OpenID Connect clients (oidc/oidc-settings.ts): what these rules look at. */
  OIDC_PROVIDERS?: readonly { id: string; clientId: string; clientSecret?: string }[];
}

interface ConfiguredProvider {
  /** How the problem lines name it: the setting that chose it. */
  label: string;
  server: AuthOptions;
  client: AuthClientOptions;
  /** Which setting to change for a problem with an option. */
  settings: Partial<Record<"apiKey" | "privateKey" | "emulatorHost" | "cookieKeys", string>>;
}

const sessionEndpoints = {
  loginAPIEndpoint: LOGIN_API_ENDPOINT,
  logoutAPIEndpoint: LOGOUT_API_ENDPOINT,
};

function serverCookies(settings: AuthSettings): AuthOptions["cookies"] {
  return {
    name: SESSION_COOKIE_NAME,
    maxAge: SESSION_COOKIE_MAX_AGE_MS,
    // Unset on a laptop: the key is generated and kept in the database (session-cookie.ts).
    ...(settings.COOKIE_KEYS ? { keys: settings.COOKIE_KEYS } : {}),
  };
}

/** The provider that issues the product's sessions: what the browser is told about it. */
export function sessionProviderClientOptions(settings: AuthSettings): AuthClientOptions {
  if (settings.AUTH_PROVIDER === "firebase") {
    // A Firebase web API key names the project to Google; it is public by design.
    return {
      provider: "firebase",
      clientConfig: {
        ...(settings.FIREBASE_API_KEY ? { apiKey: settings.FIREBASE_API_KEY } : {}),
        ...(settings.FIREBASE_PROJECT_ID ? { projectId: settings.FIREBASE_PROJECT_ID } : {}),
      },
    };
  }
  return { provider: "built-in", clientConfig: { apiKey: BUILT_IN_CLIENT_API_KEY } };
}

function configuredProviders(settings: AuthSettings): ConfiguredProvider[] {
  const client = sessionProviderClientOptions(settings);
  const providers: ConfiguredProvider[] = [];
  if (settings.AUTH_PROVIDER === "firebase") {
    providers.push({
      label: "AUTH_PROVIDER=firebase",
      server: {
        clientConfig: client.clientConfig,
        adminConfig: { projectId: settings.FIREBASE_PROJECT_ID },
        ...sessionEndpoints,
        cookies: serverCookies(settings),
        ...(settings.FIREBASE_AUTH_EMULATOR_HOST !== undefined
          ? { emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST }
          : {}),
      },
      client,
      settings: {
        apiKey: "FIREBASE_API_KEY",
        emulatorHost: "FIREBASE_AUTH_EMULATOR_HOST",
        cookieKeys: "COOKIE_KEYS",
      },
    });
  } else {
    providers.push({
      label: "AUTH_PROVIDER=built-in",
      server: {
        clientConfig: client.clientConfig,
        ...sessionEndpoints,
        cookies: serverCookies(settings),
      },
      client,
      settings: { cookieKeys: "COOKIE_KEYS" },
    });
  }
  for (const oidc of settings.OIDC_PROVIDERS ?? []) {
    // The client id names this product to the provider; the secret stays on the server.
    const clientConfig = { apiKey: oidc.clientId };
    providers.push({
      label: `OIDC_PROVIDERS ${oidc.id}`,
      server: {
        clientConfig,
        ...(oidc.clientSecret ? { adminConfig: { privateKey: oidc.clientSecret } } : {}),
        ...sessionEndpoints,
        cookies: serverCookies(settings),
      },
      client: { provider: oidc.id, clientConfig },
      settings: { apiKey: "clientId", privateKey: "clientSecret", cookieKeys: "COOKIE_KEYS" },
    });
  }
  return providers;
}

function settingFor(problem: string, provider: ConfiguredProvider): string | undefined {
  if (problem.includes("apiKey")) return provider.settings.apiKey;
  if (problem.includes("privateKey")) return provider.settings.privateKey;
  if (problem.includes("emulatorHost")) return provider.settings.emulatorHost;
  if (problem.includes("cookies.keys")) return provider.settings.cookieKeys;
  return undefined;
}

/** host:port, a bracketed IPv6 address allowed. */
const EMULATOR_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;

/**
 * Every problem with the auth configuration, one line each, naming the setting to change; empty
 * when it is fine. Each provider's options are checked as the server holds them and as the
 * browser would receive them.
 */
export function authConfigProblems(settings: AuthSettings): string[] {
  const lines: string[] = [];
  for (const provider of configuredProviders(settings)) {
    const problems = [
      ...authOptionsProblems(provider.server, { onServer: true }),
      ...authOptionsProblems(clientAuthOptions(provider.client, SESSION_COOKIE_MAX_AGE_MS), {
        onServer: false,
      }),
    ];
    for (const problem of new Set(problems)) {
      const setting = settingFor(problem, provider);
      lines.push(
        `Invalid ${AUTH_MODULE_NAME} options: ${problem} (${provider.label}${setting ? `: ${setting}` : ""})`,
      );
    }
  }
  if (settings.AUTH_PROVIDER === "firebase") {
    if (!settings.FIREBASE_PROJECT_ID) {
      lines.push(
        "Invalid setting FIREBASE_PROJECT_ID: AUTH_PROVIDER=firebase needs the Firebase project's id",
      );
    }
    const host = settings.FIREBASE_AUTH_EMULATOR_HOST;
    if (host !== undefined && !/^https?:\/\//i.test(host) && !EMULATOR_HOST.test(host)) {
      lines.push(
        'Invalid setting FIREBASE_AUTH_EMULATOR_HOST: must be host:port, e.g. "127.0.0.1:9099"',
      );
    }
    if (host !== undefined && settings.NODE_ENV === "production") {
      lines.push(
        "Invalid setting FIREBASE_AUTH_EMULATOR_HOST: must not be set in production (the emulator's ID tokens are not signed)",
      );
    }
  }
  return lines;
}
