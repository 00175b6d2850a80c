import { describe, expect, it } from "vitest";
import {
  getAuthOptions,
  initAuth,
  NOT_INITIALIZED,
  resetAuthModule,
  serverOnly,
} from "./auth-module.ts";
import { type AuthOptions, authOptionsProblems, validateAuthOptions } from "./auth-options.ts";

const valid = (): AuthOptions => ({
  clientConfig: { apiKey: "lumen-web" },
  loginAPIEndpoint: "/api/login",
  logoutAPIEndpoint: "/api/logout",
  cookies: { name: "lumen", maxAge: 1_036_800_000 },
});
const client = { onServer: false };
const server = { onServer: true };
const fails =
  (options: AuthOptions, side = client) =>
  () =>
    validateAuthOptions(options, side);

describe("validateAuthOptions", () => {
  it("accepts the web app's options on both sides", () => {
    expect(authOptionsProblems(valid(), client)).toEqual([]);
    expect(authOptionsProblems(valid(), server)).toEqual([]);
  });

  it("requires the client API key", () => {
    expect(fails({ ...valid(), clientConfig: {} })).toThrowError(
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required.',
    );
  });

  it("requires login and logout endpoints without a token-change handler", () => {
    expect(fails({ ...valid(), loginAPIEndpoint: undefined })).toThrowError(
      'Invalid lumen-auth options: The "loginAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
    );
    expect(fails({ ...valid(), logoutAPIEndpoint: undefined })).toThrowError(
      'Invalid lumen-auth options: The "logoutAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
    );
  });

  it("forbids the endpoints with a token-change handler, and allows the handler alone", () => {
    const handler = () => {};
    expect(
      fails({ ...valid(), tokenChangedHandler: handler, logoutAPIEndpoint: undefined }),
    ).toThrowError(
      'Invalid lumen-auth options: The "loginAPIEndpoint" setting should not be set if you are using a "tokenChangedHandler".',
    );
    expect(
      fails({ ...valid(), tokenChangedHandler: handler, loginAPIEndpoint: undefined }),
    ).toThrowError(
      'Invalid lumen-auth options: The "logoutAPIEndpoint" setting should not be set if you are using a "tokenChangedHandler".',
    );
    const alone = {
      ...valid(),
      tokenChangedHandler: handler,
      loginAPIEndpoint: undefined,
      logoutAPIEndpoint: undefined,
    };
    expect(authOptionsProblems(alone, client)).toEqual([]);
  });

  it("requires a cookie max age under two weeks", () => {
    expect(fails({ ...valid(), cookies: { name: "x" } })).toThrowError(
      "Invalid lumen-auth options: The cookie maxAge must be set.",
    );
    expect(fails({ ...valid(), cookies: { name: "x", maxAge: 1_209_600_000 } })).toThrowError(
      "Invalid lumen-auth options: The cookie maxAge must be less than two weeks (1209600000 ms).",
    );
    expect(
      authOptionsProblems({ ...valid(), cookies: { name: "x", maxAge: 1_209_599_999 } }, client),
    ).toEqual([]);
  });

  it("requires a cookie name on the server only", () => {
    const nameless = { ...valid(), cookies: { maxAge: 1000 } };
    expect(authOptionsProblems(nameless, client)).toEqual([]);
    expect(fails(nameless, server)).toThrowError(
      'Invalid lumen-auth options: The "cookies.name" setting is required on the server side.',
    );
  });

  it("keeps the private key and cookie keys off the client", () => {
    const withKey = { ...valid(), adminConfig: { privateKey: "-----BEGIN PRIVATE KEY-----" } };
    expect(fails(withKey)).toThrowError(
      'Invalid lumen-auth options: The "adminConfig.privateKey" setting should not be available on the client side.',
    );
    expect(authOptionsProblems(withKey, server)).toEqual([]);
    const withKeys = { ...valid(), cookies: { name: "x", maxAge: 1000, keys: ["secret"] } };
    expect(fails(withKeys)).toThrowError(
      'Invalid lumen-auth options: The "cookies.keys" setting should not be available on the client side.',
    );
    expect(authOptionsProblems(withKeys, server)).toEqual([]);
  });

  it("refuses an emulator host with an http prefix", () => {
    expect(fails({ ...valid(), emulatorHost: "http://localhost:9099" })).toThrowError(
      'Invalid lumen-auth options: The emulatorHost should not include an "http" prefix, e.g. "localhost:9099".',
    );
    expect(fails({ ...valid(), emulatorHost: "HTTPS://localhost:9099" })).toThrowError(
      /emulatorHost/,
    );
    expect(authOptionsProblems({ ...valid(), emulatorHost: "localhost:9099" }, client)).toEqual([]);
  });

  it("requires error handlers to be functions", () => {
    for (const name of [
      "onLoginRequestError",
      "onLogoutRequestError",
      "onTokenRefreshError",
      "onVerifyTokenError",
    ]) {
      const options = { ...valid(), [name]: "not a function" } as unknown as AuthOptions;
      expect(fails(options)).toThrowError(
        `Invalid lumen-auth options: Invalid setting: ${name} must be a function.`,
      );
      expect(authOptionsProblems({ ...valid(), [name]: () => {} }, client)).toEqual([]);
    }
  });
});

describe("the auth module's set-up", () => {
  it("fails when used before initialisation, then answers the options", () => {
    resetAuthModule();
    expect(() => getAuthOptions()).toThrowError("lumen-auth must be initialized before rendering.");
    expect(NOT_INITIALIZED).toBe("lumen-auth must be initialized before rendering.");
    initAuth(valid());
    expect(getAuthOptions().loginAPIEndpoint).toBe("/api/login");
    resetAuthModule();
  });

  it("refuses server-only functions in a browser", () => {
    const fn = serverOnly("setAuthCookies", () => "ran");
    expect(fn()).toBe("ran");
    const globals = globalThis as { window?: unknown; document?: unknown };
    globals.window = {};
    globals.document = {};
    try {
      expect(() => fn()).toThrowError("setAuthCookies can only be called server-side.");
    } finally {
      delete globals.window;
      delete globals.document;
    }
  });
});
