import { describe, expect, it } from "vitest";
import { parseEnv, publicConfig } from "../../env.ts";
import { oidcProvidersSetting, publicOidcProviders } from "./oidc-settings.ts";

const parse = (entries: unknown) => oidcProvidersSetting.safeParse(JSON.stringify(entries));
const messages = (entries: unknown) => {
  const result = parse(entries);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("OIDC_PROVIDERS: the hosted sign-in providers", () => {
  it("fills in Google's issuer, name and scopes from its id", () => {
    const result = parse([{ id: "google", clientId: "g-id", clientSecret: "g-secret" }]);
    expect(result.success && result.data).toEqual([
      {
        id: "google",
        kind: "oidc",
        name: "Google",
        issuer: "https://accounts.google.com",
        clientId: "g-id",
        clientSecret: "g-secret",
        scopes: ["openid", "email", "profile"],
      },
    ]);
  });

  it("treats GitHub as its OAuth app: GitHub's endpoints and API, no ID token", () => {
    const result = parse([{ id: "github", clientId: "gh", clientSecret: "gh-secret" }]);
    expect(result.success && result.data[0]).toMatchObject({
      kind: "github",
      name: "GitHub",
      scopes: ["read:user", "user:email"],
      github: {
        authorizationUrl: "https://github.com/login/oauth/authorize",
        tokenUrl: "https://github.com/login/oauth/access_token",
        apiUrl: "https://api.github.com",
      },
    });
  });

  it("needs the issuer of Microsoft, Okta, Keycloak and Auth0, and says what it looks like", () => {
    expect(messages([{ id: "microsoft", clientId: "m" }])).toEqual([
      'microsoft: "issuer" is required, like https://login.microsoftonline.com/<tenant id>/v2.0',
    ]);
    for (const id of ["okta", "keycloak", "auth0"]) {
      expect(messages([{ id, clientId: "c" }])[0]).toMatch(
        new RegExp(`^${id}: "issuer" is required, like https://`),
      );
    }
    const keycloak = parse([
      { id: "keycloak", issuer: "https://sso.example.com/realms/lumen", clientId: "lumen" },
    ]);
    expect(keycloak.success && keycloak.data[0]).toMatchObject({ name: "Keycloak", kind: "oidc" });
  });

  it("takes any other OpenID Connect provider with a name", () => {
    expect(
      messages([{ id: "school", issuer: "https://id.school.example", clientId: "c" }]),
    ).toEqual(['school: "name" is required (it is shown on the sign-in button)']);
    const result = parse([
      { id: "school", name: "My School", issuer: "https://id.school.example", clientId: "c" },
    ]);
    expect(result.success && result.data[0]).toMatchObject({
      name: "My School",
      scopes: ["openid", "email", "profile"],
    });
  });

  it("refuses plain http except on this machine, unknown fields, duplicates and scopes without openid", () => {
    expect(
      messages([{ id: "x", name: "X", issuer: "http://id.example.com", clientId: "c" }]),
    ).toEqual(["must be an https URL (http only on localhost)"]);
    expect(
      parse([{ id: "x", name: "X", issuer: "http://127.0.0.1:9000", clientId: "c" }]).success,
    ).toBe(true);
    expect(parse([{ id: "google", clientId: "c", secret: "typo" }]).success).toBe(false);
    expect(
      messages([
        { id: "google", clientId: "a" },
        { id: "google", clientId: "b" },
      ]),
    ).toEqual(["google: listed twice"]);
    expect(messages([{ id: "google", clientId: "a", scopes: ["email"] }])).toEqual([
      'google: "scopes" must include openid',
    ]);
    expect(messages([{ id: "github", clientId: "a" }])).toEqual([
      'github: "clientSecret" is required for a GitHub OAuth app',
    ]);
    expect(oidcProvidersSetting.safeParse("{not json").success).toBe(false);
    expect(
      messages([{ id: "firebase", name: "F", issuer: "https://f.example", clientId: "c" }]),
    ).toEqual(["id firebase and built-in are the session providers'"]);
  });

  it("stops the server with a line naming the setting", () => {
    expect(() => parseEnv({ OIDC_PROVIDERS: '[{"id":"okta","clientId":"c"}]' })).toThrow(
      /^Invalid setting OIDC_PROVIDERS: okta: "issuer" is required/,
    );
  });

  it("shows the browser ids and names only, never a client secret", () => {
    const env = parseEnv({
      OIDC_PROVIDERS: JSON.stringify([
        { id: "google", clientId: "g-id", clientSecret: "g-very-secret" },
        { id: "github", clientId: "gh-id", clientSecret: "gh-very-secret" },
      ]),
    });
    const config = publicConfig(env);
    expect(config.oidcProviders).toEqual([
      { id: "google", name: "Google" },
      { id: "github", name: "GitHub" },
    ]);
    expect(JSON.stringify(config)).not.toMatch(/very-secret/);
    expect(publicOidcProviders([])).toEqual([]);
    expect("oidcProviders" in publicConfig(parseEnv({}))).toBe(false);
  });
});
