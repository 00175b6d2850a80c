/**
 * Spec section 5's rules at the server's start, for each provider (issue 19): the built-in one,
 * Firebase Authentication and an OpenID Connect client. parseEnv stops the start with the lines.
 */
import { authOptionsProblems, clientAuthOptions, SESSION_COOKIE_MAX_AGE_MS } from "@lumen/core";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, publicConfig } from "../env.ts";
import { authConfigProblems, sessionProviderClientOptions } from "./auth-options.ts";
import type { OidcProviderSettings } from "./oidc/oidc-settings.ts";

const COOKIE_KEY = "c".repeat(40);
const firebase = {
  AUTH_PROVIDER: "firebase" as const,
  FIREBASE_PROJECT_ID: "demo-lumen",
  FIREBASE_API_KEY: "AIzaSy-public-web-key",
};
const google: OidcProviderSettings = {
  id: "google",
  kind: "oidc",
  name: "Google",
  issuer: "https://accounts.google.com",
  clientId: "lumen.apps.googleusercontent.com",
  clientSecret: "GOCSPX-client-secret",
  scopes: ["openid", "email"],
};

/** What the browser does with the public config: build its options and check them. */
const browserProblems = (sent: unknown) =>
  authOptionsProblems(clientAuthOptions(sent, SESSION_COOKIE_MAX_AGE_MS), { onServer: false });

describe("the built-in provider's options", () => {
  it("pass on the server and in the browser, with or without cookie keys", () => {
    expect(authConfigProblems({ AUTH_PROVIDER: "built-in" })).toEqual([]);
    expect(authConfigProblems({ AUTH_PROVIDER: "built-in", COOKIE_KEYS: [COOKIE_KEY] })).toEqual(
      [],
    );
    const env = parseEnv({ COOKIE_KEYS: COOKIE_KEY });
    expect(publicConfig(env).auth).toEqual({
      provider: "built-in",
      clientConfig: { apiKey: "lumen-web" },
    });
    expect(browserProblems(publicConfig(env).auth)).toEqual([]);
    expect(JSON.stringify(publicConfig(env))).not.toContain(COOKIE_KEY);
  });
});

describe("Firebase Authentication's options", () => {
  it("pass with a project id and web API key, and the browser gets the key and nothing secret", () => {
    expect(authConfigProblems(firebase)).toEqual([]);
    const env = parseEnv({ ...firebase, COOKIE_KEYS: COOKIE_KEY });
    expect(publicConfig(env).auth).toEqual({
      provider: "firebase",
      clientConfig: { apiKey: "AIzaSy-public-web-key", projectId: "demo-lumen" },
    });
    expect(browserProblems(publicConfig(env).auth)).toEqual([]);
    expect(JSON.stringify(publicConfig(env))).not.toContain(COOKIE_KEY);
  });

  it("Auth configuration must contain a client API key", () => {
    expect(() => parseEnv({ ...firebase, FIREBASE_API_KEY: "" })).toThrowError(
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required. (AUTH_PROVIDER=firebase: FIREBASE_API_KEY)',
    );
  });

  it("The emulator host must have no http prefix", () => {
    expect(
      authConfigProblems({ ...firebase, FIREBASE_AUTH_EMULATOR_HOST: "http://127.0.0.1:9099" }),
    ).toEqual([
      'Invalid lumen-auth options: The emulatorHost should not include an "http" prefix, e.g. "localhost:9099". (AUTH_PROVIDER=firebase: FIREBASE_AUTH_EMULATOR_HOST)',
    ]);
    expect(
      authConfigProblems({ ...firebase, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }),
    ).toEqual([]);
    expect(authConfigProblems({ ...firebase, FIREBASE_AUTH_EMULATOR_HOST: "[::1]:9099" })).toEqual(
      [],
    );
    expect(authConfigProblems({ ...firebase, FIREBASE_AUTH_EMULATOR_HOST: "a/b c" })).toEqual([
      'Invalid setting FIREBASE_AUTH_EMULATOR_HOST: must be host:port, e.g. "127.0.0.1:9099"',
    ]);
  });

  it("needs the project id, and refuses the emulator in production", () => {
    expect(() => parseEnv({ ...firebase, FIREBASE_PROJECT_ID: "" })).toThrowError(
      /^Invalid setting FIREBASE_PROJECT_ID: AUTH_PROVIDER=firebase needs the Firebase project's id$/m,
    );
    expect(() =>
      parseEnv({
        ...firebase,
        NODE_ENV: "production",
        COOKIE_KEYS: COOKIE_KEY,
        BILLING_PROVIDER: "local",
        APPS_DOMAIN: "apps.example.net",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      }),
    ).toThrowError(/^Invalid setting FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/m);
    expect(
      parseEnv({
        ...firebase,
        NODE_ENV: "production",
        COOKIE_KEYS: COOKIE_KEY,
        BILLING_PROVIDER: "local",
        APPS_DOMAIN: "apps.example.net",
      }).AUTH_PROVIDER,
    ).toBe("firebase");
  });
});

describe("an OpenID Connect client's options", () => {
  it("pass with a client id; the client secret stays on the server", () => {
    expect(authConfigProblems({ AUTH_PROVIDER: "built-in", OIDC_PROVIDERS: [google] })).toEqual([]);
    const env = parseEnv({
      OIDC_PROVIDERS: JSON.stringify([
        { id: "google", clientId: google.clientId, clientSecret: google.clientSecret },
      ]),
    });
    expect(JSON.stringify(publicConfig(env))).not.toContain(google.clientSecret);
  });

  it("Auth configuration must contain a client API key (its client id)", () => {
    expect(
      authConfigProblems({
        ...firebase,
        OIDC_PROVIDERS: [{ ...google, clientId: "" }],
      }),
    ).toEqual([
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required. (OIDC_PROVIDERS google: clientId)',
    ]);
  });
});

describe("the browser's check of what the server sends", () => {
  it("refuses options that carry a private key or cookie keys, for each provider", () => {
    for (const sent of [
      sessionProviderClientOptions({ AUTH_PROVIDER: "built-in" }),
      sessionProviderClientOptions(firebase),
      { provider: "google", clientConfig: { apiKey: google.clientId } },
    ]) {
      expect(browserProblems(sent)).toEqual([]);
      expect(
        browserProblems({ ...sent, adminConfig: { privateKey: "-----BEGIN PRIVATE KEY-----" } }),
      ).toEqual([
        'The "adminConfig.privateKey" setting should not be available on the client side.',
      ]);
      expect(browserProblems({ ...sent, cookies: { keys: [COOKIE_KEY] } })).toEqual([
        'The "cookies.keys" setting should not be available on the client side.',
      ]);
    }
  });

  it("names a missing API key (a Firebase server without FIREBASE_API_KEY)", () => {
    expect(
      browserProblems(sessionProviderClientOptions({ ...firebase, FIREBASE_API_KEY: undefined })),
    ).toEqual(['The "clientConfig.apiKey" value is required.']);
  });
});

it("parseEnv reports every auth problem as its own line", () => {
  try {
    parseEnv({ AUTH_PROVIDER: "firebase", FIREBASE_AUTH_EMULATOR_HOST: "https://x:1" });
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message.split("\n")).toEqual([
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required. (AUTH_PROVIDER=firebase: FIREBASE_API_KEY)',
      'Invalid lumen-auth options: The emulatorHost should not include an "http" prefix, e.g. "localhost:9099". (AUTH_PROVIDER=firebase: FIREBASE_AUTH_EMULATOR_HOST)',
      "Invalid setting FIREBASE_PROJECT_ID: AUTH_PROVIDER=firebase needs the Firebase project's id",
    ]);
  }
});
