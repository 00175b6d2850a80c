import { describe, expect, it } from "vitest";
import { EnvError, envSchema, parseEnv, publicConfig } from "./env.ts";

describe("parseEnv", () => {
  it("gives every setting a safe default for a laptop", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      HOST: "127.0.0.1",
      PORT: 3000,
      DATA_DIR: "./data",
      PRODUCT_NAME: "Lumen",
      NODE_ENV: "development",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the variable and what is wrong, one line each", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrowError(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://localhost/db" });
    } catch (error) {
      const lines = (error as Error).message.split("\n");
      expect(lines).toHaveLength(2);
      expect(lines.some((l) => l.startsWith("Invalid setting PORT:"))).toBe(true);
      expect(
        lines.some(
          (l) => l.startsWith("Invalid setting DATABASE_URL:") && l.includes("postgres://"),
        ),
      ).toBe(true);
    }
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("accepts a PostgreSQL URL", () => {
    const url = "postgres://postgres@127.0.0.1:5432/test";
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });
});

describe("publicConfig", () => {
  it("exposes only the product name, the assistant's name, the support address, the identity provider's client options, the mode's redirect rule, the flags' refresh and the store links", () => {
    const env = parseEnv({ PRODUCT_NAME: "Orbit", DATABASE_URL: "postgres://secret@db/x" });
    expect(publicConfig(env)).toEqual({
      productName: "Orbit",
      assistantName: "Orbit AI",
      supportEmail: "support@lumen.localhost",
      auth: { provider: "built-in", clientConfig: { apiKey: "lumen-web" } },
      devRedirectHosts: true,
      flagsRefreshSeconds: 30,
      appStoreUrl: "https://apps.apple.com/app/lumen",
      playStoreUrl: "https://play.google.com/store/apps/details?id=app.lumen",
    });
    expect(JSON.stringify(publicConfig(env))).not.toContain("secret");
  });

  it("turns the redirect allow-list's localhost exception off in production", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      COOKIE_KEYS: "k".repeat(32),
      BILLING_PROVIDER: "local",
      APPS_DOMAIN: "apps.example.net",
    });
    expect(publicConfig(env).devRedirectHosts).toBe(false);
  });

  it("lists every setting of the schema in .env.example", async () => {
    const { readFile } = await import("node:fs/promises");
    const example = await readFile(new URL("../../../.env.example", import.meta.url), "utf8");
    for (const key of Object.keys(envSchema.shape)) {
      expect(example, key).toMatch(new RegExp(`^#?\\s*${key}=`, "m"));
    }
  });

  it("refuses production without a billing provider chosen on purpose (local takes test cards)", () => {
    expect(() => parseEnv({ NODE_ENV: "production", COOKIE_KEYS: "k".repeat(32) })).toThrow(
      /^Invalid setting BILLING_PROVIDER: required in production/m,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        COOKIE_KEYS: "k".repeat(32),
        BILLING_PROVIDER: "local",
        APPS_DOMAIN: "apps.example.net",
      }),
    ).not.toThrow();
    expect(parseEnv({}).BILLING_PROVIDER).toBe("local");
  });

  it("refuses production machines without an apps domain of their own (issue 18)", () => {
    const base = { NODE_ENV: "production", COOKIE_KEYS: "k".repeat(32), BILLING_PROVIDER: "local" };
    expect(() => parseEnv(base)).toThrow(/^Invalid setting APPS_DOMAIN: required in production/m);
    expect(() => parseEnv({ ...base, MACHINE_DRIVER: "off" })).not.toThrow();
    for (const apps of ["lumen.example.com", "apps.lumen.example.com", "example.com"]) {
      expect(() =>
        parseEnv({ ...base, PUBLIC_URL: "https://lumen.example.com", APPS_DOMAIN: apps }),
      ).toThrow(/^Invalid setting APPS_DOMAIN: must not be the product's domain/m);
    }
    expect(
      parseEnv({ ...base, PUBLIC_URL: "https://lumen.example.com", APPS_DOMAIN: "lumenapps.net" })
        .APPS_DOMAIN,
    ).toBe("lumenapps.net");
  });
});
