/**
 * "Continue with …" an OpenID Connect provider in Chromium (issue 19): a real provider runs in
 * this test's process (oidc-provider), and the built server is told of it by OIDC_PROVIDERS. From
 * a protected page, a new learner continues with the provider and lands back on that page signed
 * in, with the session cookie set; a returning one lands straight back; a refused token is said on
 * the login screen; and in the profile a learner links and unlinks the provider, but cannot
 * unlink their only way in.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { startOidcIssuer, type TestIssuer } from "../apps/server/src/testing/oidc-issuer.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";

/** A port free right now, so that the callback URL is known before the server starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

let issuer: TestIssuer;
const env: Record<string, string> = {};
beforeAll(async () => {
  const port = await freePort();
  issuer = await startOidcIssuer({
    redirectUris: [`http://127.0.0.1:${port}/v1/auth/oidc/test/callback`],
  });
  env.PORT = String(port);
  env.OIDC_PROVIDERS = issuer.setting("test", "Test ID");
});
afterAll(() => issuer?.stop());

const ctx = useServerAndBrowser(env);
let people = 0;
function atProvider(emailVerified = true) {
  people += 1;
  const email = `oidc-e2e-${Date.now()}-${people}@example.com`;
  issuer.accounts.set(`e2e-${people}`, {
    sub: `e2e-${people}`,
    email,
    emailVerified,
    name: `Grace ${people}`,
  });
  issuer.nextLogin = `e2e-${people}`;
  return { email, name: `Grace ${people}` };
}

test("from a protected page, continue with the provider and land back on it signed in", async ({
  watched,
}) => {
  const { page, context } = watched;
  const { name } = atProvider();
  await page.goto(`${ctx.url}/web/streak`);
  expect(page.url()).toBe(`${ctx.url}/web/login?redirectUrl=%2Fweb%2Fstreak`);
  const login = page.waitForResponse((r) => r.url().endsWith("/api/login"));
  await page.getByRole("link", { name: "Continue with Test ID" }).click();
  expect((await login).status()).toBe(200);
  // A new account meets the onboarding chat once (issue 16), then goes where it was going.
  await page.waitForURL(`${ctx.url}/web/onboarding/chat**`);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL(`${ctx.url}/web/streak`);
  await page.getByRole("heading", { level: 1, name: "Streak" }).waitFor();
  await page.getByRole("button", { name: `Account: ${name}` }).waitFor();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "lumen_session")).toMatchObject({
    httpOnly: true,
    sameSite: "Strict",
  });
  // The one-time code is gone from the address and the history.
  expect(page.url()).not.toContain("oidc=");

  // Signed out, the same person comes straight back to a protected page.
  await page.getByRole("button", { name: `Account: ${name}` }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
  await page.goto(`${ctx.url}/web/profile`);
  await page.waitForURL(`${ctx.url}/web/login?redirectUrl=%2Fweb%2Fprofile`);
  await page.getByRole("link", { name: "Continue with Test ID" }).click();
  await page.waitForURL(`${ctx.url}/web/profile`);
  await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
  const reload = await page.reload();
  expect(reload?.status()).toBe(200);

  // A learner with no password keeps the provider: unlinking the last way in is refused.
  const methods = page.getByRole("region", { name: "Sign-in methods" });
  await methods.getByText("Not set.", { exact: false }).waitFor();
  watched.allowed.push(/status of 409/);
  await methods.getByRole("button", { name: "Unlink Test ID" }).click();
  await methods
    .getByText("This is your only way to sign in, so it stays linked.", { exact: false })
    .waitFor();
  await methods.getByRole("button", { name: "Unlink Test ID" }).waitFor();
});

test("a token the server refuses is said on the login screen, and nobody is signed in", async ({
  watched,
}) => {
  const { page, context } = watched;
  atProvider();
  issuer.tamperIdToken = (claims) => ({ ...claims, aud: "another-app" });
  try {
    await page.goto(`${ctx.url}/web/login?redirectUrl=%2Fweb%2Fstreak`);
    await page.getByRole("link", { name: "Continue with Test ID" }).click();
    await page
      .getByText("The sign-in service's answer did not pass our checks", { exact: false })
      .waitFor();
  } finally {
    issuer.tamperIdToken = null;
  }
  expect(page.url()).toBe(`${ctx.url}/web/login?redirectUrl=%2Fweb%2Fstreak`);
  expect((await context.cookies()).find((c) => c.name === "lumen_session")).toBeUndefined();
  await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
});

test("link the provider in the profile, then unlink it", async ({ watched }) => {
  const { page } = watched;
  await page.goto(`${ctx.url}/web/register?redirectUrl=%2Fweb%2Fprofile`);
  await page.getByLabel("Email").fill(`oidc-e2e-password-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${ctx.url}/web/onboarding/chat**`);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL(`${ctx.url}/web/profile`);

  // Another address at the provider: a signed-in learner links whatever account they prove.
  atProvider();
  const methods = page.getByRole("region", { name: "Sign-in methods" });
  await methods.getByText("Set. Change it below.").waitFor();
  await methods.getByRole("button", { name: "Link Test ID" }).click();
  await page.waitForURL(`${ctx.url}/web/profile`);
  await methods.getByText("Test ID is linked. You can sign in with it from now on.").waitFor();
  expect(page.url()).not.toContain("#");

  await methods.getByRole("button", { name: "Unlink Test ID" }).click();
  await methods.getByText("Test ID is unlinked.").waitFor();
  await methods.getByRole("button", { name: "Link Test ID" }).waitFor();
});
