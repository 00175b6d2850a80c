import { describe, expect, it } from "vitest";
import {
  type AuthOptions,
  authOptionsProblems,
  clientAuthOptions,
  validateAuthOptions,
} from "./auth-config.ts";
import { SESSION_COOKIE_MAX_AGE_MS } from "./cookies.ts";

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

describe("validateAuthOptions (spec section 5)", () => {
  it("accepts the web app's options on both sides", () => {
    expect(authOptionsProblems(valid(), client)).toEqual([]);
    expect(authOptionsProblems(valid(), server)).toEqual([]);
  });

  it("Auth configuration must contain a client API key", () => {
    expect(fails({ ...valid(), clientConfig: {} })).toThrowError(
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required.',
    );
    expect(fails({ ...valid(), clientConfig: { apiKey: "" } }, server)).toThrowError(
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required.',
    );
  });

  it("Login and logout endpoints are required unless a custom token-change handler is given", () => {
    expect(fails({ ...valid(), loginAPIEndpoint: undefined })).toThrowError(
      'Invalid lumen-auth options: The "loginAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
    );
    expect(fails({ ...valid(), logoutAPIEndpoint: undefined })).toThrowError(
      'Invalid lumen-auth options: The "logoutAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
    );
  });

  it("when one is given they must not be set", () => {
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

  it("Cookie lifetime must be set and be under two weeks", () => {
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

  it("A cookie name is required on the server", () => {
    const nameless = { ...valid(), cookies: { maxAge: 1000 } };
    expect(authOptionsProblems(nameless, client)).toEqual([]);
    expect(fails(nameless, server)).toThrowError(
      'Invalid lumen-auth options: The "cookies.name" setting is required on the server side.',
    );
  });

  it("The private key and cookie keys must not be on the client", () => {
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

  it("The emulator host must have no http prefix", () => {
    expect(fails({ ...valid(), emulatorHost: "http://localhost:9099" })).toThrowError(
      'Invalid lumen-auth options: The emulatorHost should not include an "http" prefix, e.g. "localhost:9099".',
    );
    expect(fails({ ...valid(), emulatorHost: "HTTPS://localhost:9099" }, server)).toThrowError(
      /emulatorHost/,
    );
    expect(authOptionsProblems({ ...valid(), emulatorHost: "localhost:9099" }, client)).toEqual([]);
  });

  it("Error handlers must be functions", () => {
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

  it("lists every problem at once, in a fixed order", () => {
    const bad = {
      clientConfig: {},
      cookies: { keys: ["k"] },
      emulatorHost: "http://x:1",
    } as AuthOptions;
    expect(authOptionsProblems(bad, client)).toEqual([
      'The "clientConfig.apiKey" value is required.',
      'The "loginAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
      'The "logoutAPIEndpoint" setting is required unless you use a "tokenChangedHandler".',
      "The cookie maxAge must be set.",
      'The "cookies.keys" setting should not be available on the client side.',
      'The emulatorHost should not include an "http" prefix, e.g. "localhost:9099".',
    ]);
  });
});

describe("clientAuthOptions", () => {
  it("adds the session endpoints and the session cookie's lifetime to what the server sent", () => {
    const options = clientAuthOptions(
      { provider: "firebase", clientConfig: { apiKey: "AIza-public" } },
      SESSION_COOKIE_MAX_AGE_MS,
    );
    expect(options).toEqual({
      clientConfig: { apiKey: "AIza-public" },
      loginAPIEndpoint: "/api/login",
      logoutAPIEndpoint: "/api/logout",
      cookies: { maxAge: SESSION_COOKIE_MAX_AGE_MS },
    });
    expect(authOptionsProblems(options, client)).toEqual([]);
  });

  it("keeps a secret the server sent by mistake, so that the browser's check refuses it", () => {
    const leaked = clientAuthOptions(
      {
        provider: "firebase",
        clientConfig: { apiKey: "AIza-public" },
        adminConfig: { privateKey: "pk" },
        cookies: { keys: ["cookie-secret"] },
      },
      SESSION_COOKIE_MAX_AGE_MS,
    );
    expect(authOptionsProblems(leaked, client)).toEqual([
      'The "adminConfig.privateKey" setting should not be available on the client side.',
      'The "cookies.keys" setting should not be available on the client side.',
    ]);
  });

  it("names the missing API key when nothing readable arrived", () => {
    for (const received of [undefined, null, "built-in", { clientConfig: "x" }]) {
      expect(() =>
        validateAuthOptions(clientAuthOptions(received, SESSION_COOKIE_MAX_AGE_MS), client),
      ).toThrowError('Invalid lumen-auth options: The "clientConfig.apiKey" value is required.');
    }
  });
});
