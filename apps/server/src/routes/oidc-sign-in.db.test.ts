/**
 * Hosted sign-in against a real OpenID Connect server in this process (issue 19): sign-up,
 * sign-in, linking by a verified email and never by an unverified one, and the session the web
 * app gets (the same tokens as a password sign-in, then the session cookie through /api/login).
 */
import { eq, schema } from "@lumen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEmail } from "../testing/api-client.ts";
import { oidcBrowser, PUBLIC_URL } from "../testing/oidc-flow.ts";
import { startOidcIssuer, type TestIssuer } from "../testing/oidc-issuer.ts";
import { useTestApp } from "../testing/test-app.ts";

let issuer: TestIssuer;
const env: Record<string, string> = { PUBLIC_URL };
beforeAll(async () => {
  issuer = await startOidcIssuer({ redirectUris: [`${PUBLIC_URL}/v1/auth/oidc/test/callback`] });
  env.OIDC_PROVIDERS = issuer.setting();
});
afterAll(() => issuer?.stop());

const t = useTestApp({ env });
const { api } = t;
const browser = oidcBrowser(() => t.app);

let accounts = 0;
/** A person at the provider, and the next to sign in there. */
function atProvider(email: string | undefined, emailVerified = true) {
  accounts += 1;
  const login = `person-${accounts}`;
  issuer.accounts.set(login, { sub: `sub-${accounts}`, email, emailVerified, name: "Ada L." });
  issuer.nextLogin = login;
  return { login, sub: `sub-${accounts}` };
}

const usersWith = (email: string) =>
  t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
const linksOf = (userId: string) =>
  t.database.db.select().from(schema.identityLinks).where(eq(schema.identityLinks.userId, userId));

describe("Continue with an OpenID Connect provider", () => {
  it("makes an account for someone new and hands the web app a session", async () => {
    const email = newEmail("oidc-new");
    const { sub } = atProvider(email);
    const started = await browser.start("test", "/web/profile");
    expect(started.res.status).toBe(302);
    const authorization = new URL(started.location);
    expect(authorization.origin).toBe(issuer.url);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("redirect_uri")).toBe(
      `${PUBLIC_URL}/v1/auth/oidc/test/callback`,
    );
    expect(authorization.searchParams.get("nonce")).toBeTruthy();
    expect(started.res.headers.get("set-cookie")).toMatch(
      /^lumen_oidc=[^;]+; Max-Age=600; Path=\/v1\/auth\/oidc; HttpOnly; Secure; SameSite=Lax/,
    );

    const back = await browser.callback(await browser.walk(started.location), started.cookie);
    // A new account goes on through the register screen (the onboarding chat, once).
    expect(back.landing.path).toBe("/web/register");
    expect(back.landing.redirectUrl).toBe("/web/profile");
    const code = back.landing.fragment.get("oidc") ?? "";
    expect(code.length).toBeGreaterThan(20);

    const session = await browser.redeem(code, back.cookie);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { email, emailVerified: true, displayName: "Ada L." },
    });
    const [user] = await usersWith(email);
    expect(user?.passwordHash).toBe("none");
    expect(await linksOf(user?.id ?? "")).toMatchObject([
      { provider: "test", subject: sub, email, emailVerified: true },
    ]);

    // The same session a password sign-in gives: the API takes its token, /api/login its cookie.
    const idToken = String(session.body.idToken);
    expect((await api.get("/v1/me", { token: idToken })).body).toMatchObject({ email });
    const login = await api.post("/api/login", {
      token: idToken,
      headers: { origin: PUBLIC_URL },
    });
    expect(login.status).toBe(200);
    expect(login.res.headers.get("set-cookie")).toMatch(/^lumen_session=/);
    const refreshed = await api.post("/v1/auth/token", {
      body: { refreshToken: session.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);

    const identities = await api.get("/v1/me/identities", { token: idToken });
    expect(identities.body).toMatchObject({
      hasPassword: false,
      linked: [{ provider: "test", name: "Test ID", email }],
      available: [],
    });
  });

  it("signs the same person in again to the same account, on the login screen", async () => {
    const email = newEmail("oidc-again");
    atProvider(email);
    const first = await browser.signIn();
    const again = await browser.signIn("test", "/web/lessons");
    expect(again.landing.path).toBe("/web/login");
    expect(again.landing.redirectUrl).toBe("/web/lessons");
    expect(again.session?.status).toBe(200);
    expect(again.session?.body.user).toMatchObject({
      id: (first.session?.body.user as { id?: string } | undefined)?.id,
    });
    expect(await usersWith(email)).toHaveLength(1);
  });

  it("links to the account with the same verified address, and its password still works", async () => {
    const account = await api.signUp({ email: newEmail("oidc-has-password") });
    await t.database.db
      .update(schema.users)
      .set({ emailVerified: true })
      .where(eq(schema.users.id, account.userId));
    const { sub } = atProvider(account.email.toUpperCase());
    const { landing, session } = await browser.signIn();
    expect(landing.path).toBe("/web/login");
    expect(session?.body.user).toMatchObject({ id: account.userId });
    expect(await linksOf(account.userId)).toMatchObject([{ provider: "test", subject: sub }]);
    expect((await api.signIn(account.email)).userId).toBe(account.userId);
  });

  it("claims an account whose address was never confirmed: its password and sessions end", async () => {
    const squatter = await api.signUp({ email: newEmail("oidc-squatted") });
    atProvider(squatter.email);
    const { session } = await browser.signIn();
    expect(session?.body.user).toMatchObject({ id: squatter.userId, emailVerified: true });
    const signIn = await api.post("/v1/auth/signin", {
      body: { email: squatter.email, password: squatter.password },
    });
    expect(signIn.body.code).toBe("auth/wrong-password");
    expect((await api.get("/v1/me", { token: squatter.token })).status).toBe(401);
    const refresh = await api.post("/v1/auth/token", {
      body: { refreshToken: squatter.refreshToken },
    });
    expect(refresh.body.code).toBe("auth/requires-recent-login");
  });

  it("never links by an unverified address: the login screen says to sign in and link", async () => {
    const account = await api.signUp({ email: newEmail("oidc-unverified") });
    atProvider(account.email, false);
    const { landing, session } = await browser.signIn();
    expect(landing.path).toBe("/web/login");
    expect(landing.redirectUrl).toBe("/web/profile");
    expect(landing.fragment.get("oidcError")).toBe("auth/account-exists-with-different-credential");
    expect(session).toBeNull();
    expect(await linksOf(account.userId)).toEqual([]);
    expect((await api.signIn(account.email)).userId).toBe(account.userId);
  });

  it("makes an unconfirmed account for a new unverified address, and refuses no address at all", async () => {
    const email = newEmail("oidc-unverified-new");
    atProvider(email, false);
    const made = await browser.signIn();
    expect(made.session?.body.user).toMatchObject({ email, emailVerified: false });

    atProvider(undefined);
    const none = await browser.signIn();
    expect(none.landing.fragment.get("oidcError")).toBe("auth/missing-email");
  });

  it("follows only redirects the allow-list accepts", async () => {
    atProvider(newEmail("oidc-redirect"));
    const { landing } = await browser.signIn("test", "https://evil.example/steal");
    expect(landing.redirectUrl).toBe("/web/redirect-to-active-section");
  });

  it("hands the session over once, and only to the browser that started the sign-in", async () => {
    atProvider(newEmail("oidc-handoff"));
    const started = await browser.start();
    const back = await browser.callback(await browser.walk(started.location), started.cookie);
    const code = back.landing.fragment.get("oidc") ?? "";
    const elsewhere = await browser.redeem(code, "");
    expect(elsewhere.body.code).toBe("auth/invalid-oauth-state");
    const other = await browser.start();
    expect((await browser.redeem(code, other.cookie)).body.code).toBe("auth/spent-oauth-state");
    expect((await browser.redeem(code, back.cookie)).status).toBe(200);
    const twice = await browser.redeem(code, back.cookie);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      code: "auth/spent-oauth-state",
      message: "This sign-in was already used or has expired. Start again.",
    });
  });

  it("answers a provider that is not configured on the login screen", async () => {
    const started = await browser.start("nobody");
    expect(started.res.status).toBe(302);
    expect(started.location).toBe(
      "/web/login?redirectUrl=%2Fweb%2Fprofile#oidcError=auth%2Fno-such-provider",
    );
  });
});
