/**
 * Who gets into the admin console (issue 14): a learner and a course engineer opening /admin see
 * the 403 page, find no "Admin console" in their account menu, and their own calls to
 * /v1/admin/users answer 403; the demo admin gets the console.
 */
import type { WatchedPage } from "./support/browser.ts";
import { expect, test, useServerAndBrowser } from "./support/fixtures.ts";

const ctx = useServerAndBrowser();
const REFRESH_TOKEN_KEY = "lumen-refresh-token";
const ACCOUNTS = {
  learner: { email: "learner@lumen.localhost", password: "learner-demo", name: "Demo Learner" },
  engineer: {
    email: "engineer@lumen.localhost",
    password: "engineer-demo",
    name: "Demo Course Engineer",
  },
  admin: { email: "admin@lumen.localhost", password: "admin-demo", name: "Demo Admin" },
};

async function signIn(account: { email: string; password: string }) {
  const res = await fetch(`${ctx.url}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status, `sign-in of ${account.email}`).toBe(200);
  return (await res.json()) as { idToken: string; refreshToken: string };
}

/** Signs the page's browser in: the app restores the session from the stored refresh token. */
async function signInOn(
  watched: WatchedPage,
  account: { email: string; password: string },
): Promise<WatchedPage> {
  const { refreshToken } = await signIn(account);
  await watched.page.addInitScript(
    ([key, token]) => {
      if (window !== window.top || localStorage.getItem("e2e-signed-in")) return;
      localStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem(key, token);
    },
    [REFRESH_TOKEN_KEY, refreshToken] as const,
  );
  return watched;
}

test.for(["learner", "engineer"] as const)(
  "a %s sees the 403 page at /admin, and the admin API refuses them",
  { timeout: 180_000 },
  async (who, { watched }) => {
    const account = ACCOUNTS[who];
    const browser = await signInOn(watched, account);
    const page = browser.page;
    const adminCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/v1/admin/")) adminCalls.push(r.url());
    });
    await page.goto(`${ctx.url}/admin`);
    await page
      .getByRole("heading", { level: 1, name: "This page is for administrators" })
      .waitFor({ timeout: 60_000 });
    await page.goto(`${ctx.url}/admin/users?query=demo`);
    await page
      .getByRole("heading", { level: 1, name: "This page is for administrators" })
      .waitFor({ timeout: 60_000 });
    expect(adminCalls, "the page makes no admin call for them").toEqual([]);
    // No way in from the account menu.
    await page.getByRole("button", { name: `Account: ${account.name}` }).click();
    await page.getByRole("menuitem", { name: "Profile" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Admin console" }).count()).toBe(0);

    const { idToken } = await signIn(account);
    for (const path of ["/v1/admin/users", "/v1/admin/audit"]) {
      const answer = await fetch(`${ctx.url}${path}`, {
        headers: { authorization: `Bearer ${idToken}` },
      });
      expect(answer.status, path).toBe(403);
      expect(((await answer.json()) as { code: string }).code).toBe("forbidden");
    }
    const noToken = await fetch(`${ctx.url}/v1/admin/users`);
    expect(noToken.status).toBe(401);
  },
);

test("the demo admin gets the console", { timeout: 180_000 }, async ({ watched }) => {
  const browser = await signInOn(watched, ACCOUNTS.admin);
  await browser.page.goto(`${ctx.url}/admin`);
  await browser.page.getByRole("heading", { level: 1, name: "Users" }).waitFor({ timeout: 60_000 });
  expect(new URL(browser.page.url()).pathname).toBe("/admin/users");
  const { idToken } = await signIn(ACCOUNTS.admin);
  const answer = await fetch(`${ctx.url}/v1/admin/users`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(answer.status).toBe(200);
});
