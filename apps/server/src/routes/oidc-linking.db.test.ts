/**
 * Linking and unlinking providers in the profile (issue 19), against two real OpenID Connect
 * servers in this process: a signed-in learner links a provider account (whatever its address),
 * signs in with it afterwards, cannot take one linked to someone else, and unlinks, but never the
 * last way in.
 */
import { schema } from "@lumen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEmail } from "../testing/api-client.ts";
import { oidcBrowser, PUBLIC_URL } from "../testing/oidc-flow.ts";
import { startOidcIssuer, type TestIssuer } from "../testing/oidc-issuer.ts";
import { useTestApp } from "../testing/test-app.ts";

let school: TestIssuer;
let work: TestIssuer;
const env: Record<string, string> = { PUBLIC_URL };
beforeAll(async () => {
  school = await startOidcIssuer({ redirectUris: [`${PUBLIC_URL}/v1/auth/oidc/school/callback`] });
  work = await startOidcIssuer({ redirectUris: [`${PUBLIC_URL}/v1/auth/oidc/work/callback`] });
  env.OIDC_PROVIDERS = JSON.stringify([
    ...JSON.parse(school.setting("school", "School ID")),
    ...JSON.parse(work.setting("work", "Work ID")),
  ]);
});
afterAll(async () => {
  await school?.stop();
  await work?.stop();
});

const t = useTestApp({ env });
const { api } = t;
const browser = oidcBrowser(() => t.app);

let people = 0;
function atProvider(issuer: TestIssuer, email = newEmail("elsewhere")) {
  people += 1;
  issuer.accounts.set(`l${people}`, { sub: `link-${people}`, email, emailVerified: true });
  issuer.nextLogin = `l${people}`;
  return `link-${people}`;
}

async function link(token: string, provider: string) {
  const started = await browser.link(token, provider);
  expect(started.answer.status).toBe(200);
  return browser.callback(await browser.walk(started.location), started.cookie);
}

const identities = async (token: string) =>
  (await api.get("/v1/me/identities", { token })).body as {
    hasPassword: boolean;
    linked: Array<{ provider: string; name: string; email: string | null }>;
    available: Array<{ id: string; name: string }>;
  };

describe("linking a provider in the profile", () => {
  it("links a provider account with another address, which then signs in to this account", async () => {
    const learner = await api.signUp();
    expect(await identities(learner.token)).toEqual({
      hasPassword: true,
      linked: [],
      available: [
        { id: "school", name: "School ID" },
        { id: "work", name: "Work ID" },
      ],
    });
    const otherAddress = newEmail("school-address");
    atProvider(school, otherAddress);
    const back = await link(learner.token, "school");
    expect(back.landing.path).toBe("/web/profile");
    expect(back.landing.fragment.get("oidcLinked")).toBe("school");
    expect(await identities(learner.token)).toMatchObject({
      linked: [{ provider: "school", name: "School ID", email: otherAddress }],
      available: [{ id: "work" }],
    });

    const { session } = await browser.signIn("school");
    expect(session?.body.user).toMatchObject({ id: learner.userId, email: learner.email });
    // Linking again is a no-op.
    expect((await link(learner.token, "school")).landing.fragment.get("oidcLinked")).toBe("school");
  });

  it("refuses a provider account linked to someone else, and a second one of the same provider", async () => {
    const owner = await api.signUp();
    const sub = atProvider(work);
    await link(owner.token, "work");
    const other = await api.signUp();
    work.nextLogin = [...work.accounts].find(([, a]) => a.sub === sub)?.[0] ?? null;
    const taken = await link(other.token, "work");
    expect(taken.landing.path).toBe("/web/profile");
    expect(taken.landing.fragment.get("oidcError")).toBe("auth/credential-already-in-use");

    atProvider(work);
    const second = await link(owner.token, "work");
    expect(second.landing.fragment.get("oidcError")).toBe("auth/provider-already-linked");
    expect((await identities(other.token)).linked).toEqual([]);
  });

  it("needs a signed-in learner to start a link", async () => {
    const answer = await api.post("/v1/auth/oidc/school/link", { body: {} });
    expect(answer.status).toBe(401);
    const learner = await api.signUp();
    const unknown = await api.post("/v1/auth/oidc/nobody/link", { token: learner.token, body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("auth/no-such-provider");
  });
});

describe("unlinking a provider in the profile", () => {
  it("unlinks a provider from an account with a password", async () => {
    const learner = await api.signUp();
    atProvider(school);
    await link(learner.token, "school");
    const res = await api.call("DELETE", "/v1/me/identities/school", { token: learner.token });
    expect(res.status).toBe(204);
    expect((await identities(learner.token)).linked).toEqual([]);
    const again = await api.call("DELETE", "/v1/me/identities/school", { token: learner.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("auth/no-such-provider");
  });

  it("refuses to unlink the last way in, and allows it once another provider is linked", async () => {
    atProvider(school, newEmail("provider-only"));
    const { session } = await browser.signIn("school");
    const token = String(session?.body.idToken);
    const refused = await api.call("DELETE", "/v1/me/identities/school", { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "auth/last-sign-in-method",
      message: "This is your only way to sign in. Set a password or link another service first.",
    });
    expect((await identities(token)).linked).toHaveLength(1);

    atProvider(work);
    expect((await link(token, "work")).landing.fragment.get("oidcLinked")).toBe("work");
    expect((await api.call("DELETE", "/v1/me/identities/school", { token })).status).toBe(204);
    const last = await api.call("DELETE", "/v1/me/identities/work", { token });
    expect(last.body.code).toBe("auth/last-sign-in-method");
    expect(await identities(token)).toMatchObject({
      hasPassword: false,
      linked: [{ provider: "work" }],
    });
  });

  it("counts the session provider's own account (Firebase's uid) as the password, never unlinkable here", async () => {
    atProvider(school, newEmail("firebase-user"));
    const { session } = await browser.signIn("school");
    const token = String(session?.body.idToken);
    const user = session?.body.user as { id: string };
    await t.database.db
      .insert(schema.identityLinks)
      .values({ provider: "firebase", subject: `uid-${user.id}`, userId: user.id });
    expect(await identities(token)).toMatchObject({
      hasPassword: true,
      linked: [{ provider: "school" }],
    });
    const firebase = await api.call("DELETE", "/v1/me/identities/firebase", { token });
    expect(firebase.body.code).toBe("auth/no-such-provider");
    expect((await api.call("DELETE", "/v1/me/identities/school", { token })).status).toBe(204);
  });
});
