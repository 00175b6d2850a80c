/**
 * Hosted sign-in when something is wrong (issue 19), against a real OpenID Connect server in this
 * process: a tampered state, a replayed callback, a code spent already, an ID token for another
 * audience, an expired or wrongly-nonced one (really signed by the provider's key), a learner who
 * cancels, and a provider that is down. Each lands on the login screen with its code, and none
 * leaves an account or a link behind.
 */
import { eq, schema } from "@lumen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEmail } from "../testing/api-client.ts";
import { oidcBrowser, PUBLIC_URL } from "../testing/oidc-flow.ts";
import { startOidcIssuer, type TestIssuer } from "../testing/oidc-issuer.ts";
import { useTestApp } from "../testing/test-app.ts";

let issuer: TestIssuer;
/** A second provider, stopped by the tests of a provider that is down. */
let flaky: TestIssuer;
const env: Record<string, string> = { PUBLIC_URL };
beforeAll(async () => {
  issuer = await startOidcIssuer({ redirectUris: [`${PUBLIC_URL}/v1/auth/oidc/test/callback`] });
  flaky = await startOidcIssuer({ redirectUris: [`${PUBLIC_URL}/v1/auth/oidc/flaky/callback`] });
  // A provider whose server is gone before the app ever asks it anything.
  const gone = await startOidcIssuer({ redirectUris: [] });
  await gone.stop();
  env.OIDC_PROVIDERS = JSON.stringify([
    ...JSON.parse(issuer.setting("test")),
    ...JSON.parse(flaky.setting("flaky", "Flaky ID")),
    ...JSON.parse(gone.setting("gone", "Gone ID")),
  ]);
});
afterAll(async () => {
  await issuer?.stop();
  await flaky?.stop();
});

const t = useTestApp({ env });
const browser = oidcBrowser(() => t.app);

let accounts = 0;
function atProvider(at: TestIssuer = issuer) {
  accounts += 1;
  const email = newEmail(`oidc-fail-${accounts}`);
  at.accounts.set(`p${accounts}`, { sub: `fail-${accounts}`, email, emailVerified: true });
  at.nextLogin = `p${accounts}`;
  return email;
}

/** Nothing half-made: no account with the address, and no link of the provider account. */
async function nothingCreated(email: string) {
  const users = await t.database.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, email));
  expect(users).toEqual([]);
  const links = await t.database.db
    .select()
    .from(schema.identityLinks)
    .where(eq(schema.identityLinks.email, email));
  expect(links).toEqual([]);
}

describe("a hosted sign-in that fails lands on the login screen, having changed nothing", () => {
  it("refuses a tampered state", async () => {
    const email = atProvider();
    const started = await browser.start();
    const callback = await browser.walk(started.location);
    callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const back = await browser.callback(callback, started.cookie);
    expect(back.landing.path).toBe("/web/login");
    expect(back.landing.fragment.get("oidcError")).toBe("auth/invalid-oauth-state");
    expect(back.res.headers.get("set-cookie")).toMatch(/^lumen_oidc=;/);
    await nothingCreated(email);
  });

  it("refuses a state from another browser (a forged sign-in) and a forged cookie", async () => {
    const email = atProvider();
    const victim = await browser.start();
    const attacker = await browser.start();
    const callback = await browser.walk(attacker.location);
    const forged = await browser.callback(callback, victim.cookie);
    expect(forged.landing.fragment.get("oidcError")).toBe("auth/invalid-oauth-state");
    const state = callback.searchParams.get("state");
    const unsigned = await browser.callback(callback, `lumen_oidc=${state}`);
    expect(unsigned.landing.fragment.get("oidcError")).toBe("auth/invalid-oauth-state");
    await nothingCreated(email);
  });

  it("refuses a replayed callback: the second one finds its state spent", async () => {
    atProvider();
    const started = await browser.start();
    const callback = await browser.walk(started.location);
    const first = await browser.callback(callback, started.cookie);
    expect(first.landing.fragment.get("oidc")).toBeTruthy();
    const users = await t.database.db.select().from(schema.users);
    const replay = await browser.callback(callback, started.cookie);
    expect(replay.landing.path).toBe("/web/login");
    expect(replay.landing.fragment.get("oidcError")).toBe("auth/spent-oauth-state");
    expect(await t.database.db.select().from(schema.users)).toHaveLength(users.length);
  });

  it("refuses a code the provider has already spent, sent with a fresh state", async () => {
    atProvider();
    const first = await browser.start();
    const spentCode = (await browser.walk(first.location)).searchParams.get("code") ?? "";
    expect(
      (
        await browser.callback(await browser.walk(first.location), first.cookie)
      ).landing.fragment.get("oidc"),
    ).toBeTruthy();
    const email = atProvider();
    const second = await browser.start();
    const callback = await browser.walk(second.location);
    callback.searchParams.set("code", spentCode);
    const back = await browser.callback(callback, second.cookie);
    expect(back.landing.fragment.get("oidcError")).toBe("auth/invalid-credential");
    await nothingCreated(email);
  });

  it("refuses an ID token for another audience", async () => {
    // The control: the provider's token re-signed unchanged is accepted, so what fails below is
    // the changed claim and nothing else.
    atProvider();
    issuer.tamperIdToken = (claims) => claims;
    try {
      expect((await browser.signIn()).session?.status).toBe(200);
    } finally {
      issuer.tamperIdToken = null;
    }
    const email = atProvider();
    issuer.tamperIdToken = (claims) => ({ ...claims, aud: "someone-else" });
    try {
      const { landing, session } = await browser.signIn();
      expect(landing.fragment.get("oidcError")).toBe("auth/invalid-credential");
      expect(session).toBeNull();
    } finally {
      issuer.tamperIdToken = null;
    }
    await nothingCreated(email);
  });

  it("refuses an expired ID token", async () => {
    const email = atProvider();
    const now = Math.floor(Date.now() / 1000);
    issuer.tamperIdToken = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 });
    try {
      const { landing } = await browser.signIn();
      expect(landing.fragment.get("oidcError")).toBe("auth/invalid-credential");
    } finally {
      issuer.tamperIdToken = null;
    }
    await nothingCreated(email);
  });

  it("refuses an ID token with another sign-in's nonce, or from another issuer", async () => {
    const email = atProvider();
    for (const rewrite of [{ nonce: "not-ours" }, { iss: "https://evil.example" }]) {
      issuer.tamperIdToken = (claims) => ({ ...claims, ...rewrite });
      try {
        const { landing } = await browser.signIn();
        expect(landing.fragment.get("oidcError")).toBe("auth/invalid-credential");
      } finally {
        issuer.tamperIdToken = null;
      }
    }
    await nothingCreated(email);
  });

  it("says so when the learner cancels at the provider", async () => {
    issuer.nextLogin = null;
    const { landing } = await browser.signIn("test", "/web/lessons");
    expect(landing).toMatchObject({ path: "/web/login", redirectUrl: "/web/lessons" });
    expect(landing.fragment.get("oidcError")).toBe("auth/user-cancelled");
  });

  it("says the provider is down when it goes down mid-sign-in, and when it is down at the start", async () => {
    const email = atProvider(flaky);
    const started = await browser.start("flaky");
    const callback = await browser.walk(started.location);
    await flaky.stop();
    const back = await browser.callback(callback, started.cookie);
    expect(back.landing).toMatchObject({ path: "/web/login", redirectUrl: "/web/profile" });
    expect(back.landing.fragment.get("oidcError")).toBe("auth/provider-unavailable");
    await nothingCreated(email);

    // A provider this server has never reached: its discovery fails, and no sign-in is kept.
    const never = await browser.start("gone", "/web/lessons");
    expect(never.res.status).toBe(302);
    expect(never.location).toBe(
      "/web/login?redirectUrl=%2Fweb%2Flessons#oidcError=auth%2Fprovider-unavailable",
    );
    const kept = await t.database.db
      .select()
      .from(schema.oidcSignIns)
      .where(eq(schema.oidcSignIns.provider, "gone"));
    expect(kept).toEqual([]);
  });
});
