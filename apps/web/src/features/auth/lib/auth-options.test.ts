import { describe, expect, it } from "vitest";
import {
  getAuthOptions,
  initAuth,
  NOT_INITIALIZED,
  resetAuthModule,
  serverOnly,
} from "./auth-module.ts";
import {
  type AuthOptions,
  authOptionsProblems,
  validateAuthOptions,
  webAuthOptions,
} from "./auth-options.ts";

/** This test runs outside a browser, where the module counts as the server: a cookie name too. */
const valid = (): AuthOptions =>
  webAuthOptions({
    provider: "built-in",
    clientConfig: { apiKey: "lumen-web" },
    cookies: { name: "lumen" },
  });
const client = { onServer: false };

// The rules themselves are tested in @lumen/core (auth-config.test.ts); here, the browser's own
// options for what each provider's server sends (issue 19).
describe("webAuthOptions (spec section 5, in the browser)", () => {
  it("builds valid options for the built-in provider, Firebase and an OpenID Connect client", () => {
    for (const sent of [
      { provider: "built-in", clientConfig: { apiKey: "lumen-web" } },
      { provider: "firebase", clientConfig: { apiKey: "AIzaSy-public", projectId: "demo-lumen" } },
      { provider: "google", clientConfig: { apiKey: "lumen.apps.googleusercontent.com" } },
    ]) {
      const options = webAuthOptions(sent);
      expect(authOptionsProblems(options, client)).toEqual([]);
      expect(options).toMatchObject({
        clientConfig: sent.clientConfig,
        loginAPIEndpoint: "/api/login",
        logoutAPIEndpoint: "/api/logout",
        cookies: { maxAge: 1_036_800_000 },
      });
    }
  });

  it("refuses to start with a provider's options that lack the API key or carry a secret", () => {
    resetAuthModule();
    expect(() => initAuth(webAuthOptions({ provider: "firebase", clientConfig: {} }))).toThrowError(
      'Invalid lumen-auth options: The "clientConfig.apiKey" value is required.',
    );
    for (const provider of ["built-in", "firebase", "google"]) {
      const sent = { provider, clientConfig: { apiKey: "key" } };
      expect(() =>
        validateAuthOptions(webAuthOptions({ ...sent, adminConfig: { privateKey: "pk" } }), client),
      ).toThrowError(
        'Invalid lumen-auth options: The "adminConfig.privateKey" setting should not be available on the client side.',
      );
      expect(() =>
        validateAuthOptions(webAuthOptions({ ...sent, cookies: { keys: ["k"] } }), client),
      ).toThrowError(
        'Invalid lumen-auth options: The "cookies.keys" setting should not be available on the client side.',
      );
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
