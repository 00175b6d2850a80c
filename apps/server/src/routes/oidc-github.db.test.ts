/**
 * GitHub through its OAuth app (issue 19): no ID token, so the person is whoever GitHub's API
 * says the access token belongs to, and an address counts as verified only when GitHub's address
 * list says so. A stand-in for GitHub's three endpoints runs in this process, answering as
 * GitHub's documentation shows (the token as JSON when asked, `/user`, `/user/emails`).
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, schema } from "@lumen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEmail } from "../testing/api-client.ts";
import { oidcBrowser, PUBLIC_URL } from "../testing/oidc-flow.ts";
import { useTestApp } from "../testing/test-app.ts";

interface GitHubUser {
  id: number;
  name: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

const CLIENT_ID = "Iv1.test";
const CLIENT_SECRET = randomBytes(16).toString("hex");
let github: Server;
let githubUrl = "";
/** Who the next authorization signs in as. */
let nextUser: GitHubUser;
/** Answer the token request with this error instead (a spent code). */
let refuseCode = false;
const codes = new Map<string, GitHubUser>();
const tokens = new Map<string, GitHubUser>();

const env: Record<string, string> = { PUBLIC_URL };
beforeAll(async () => {
  github = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", githubUrl || "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/login/oauth/authorize") {
      const code = randomBytes(10).toString("hex");
      codes.set(code, nextUser);
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const user = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (form.get("client_secret") !== CLIENT_SECRET || !user || refuseCode) {
        json(200, { error: "bad_verification_code", error_description: "The code is wrong." });
        return;
      }
      const token = `gho_${randomBytes(12).toString("hex")}`;
      tokens.set(token, user);
      json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
      return;
    }
    const user = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /i, ""));
    if (!user) return json(401, { message: "Bad credentials" });
    if (url.pathname === "/user")
      return json(200, { id: user.id, login: "octo", name: user.name, email: null });
    if (url.pathname === "/user/emails") return json(200, user.emails);
    json(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
  githubUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  env.OIDC_PROVIDERS = JSON.stringify([
    {
      id: "github",
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authorizationUrl: `${githubUrl}/login/oauth/authorize`,
      tokenUrl: `${githubUrl}/login/oauth/access_token`,
      apiUrl: githubUrl,
    },
  ]);
});
afterAll(async () => {
  github?.closeAllConnections();
  await new Promise<void>((resolve) => github?.close(() => resolve()));
});

const t = useTestApp({ env });
const { api } = t;
const browser = oidcBrowser(() => t.app);
let ids = 1000;

describe("Continue with GitHub (its OAuth app)", () => {
  it("asks for GitHub's scopes and makes an account with the primary verified address", async () => {
    const email = newEmail("octo");
    nextUser = {
      id: ++ids,
      name: "Octo Cat",
      emails: [
        { email: newEmail("unverified"), primary: false, verified: false },
        { email, primary: true, verified: true },
      ],
    };
    const started = await browser.start("github");
    const authorization = new URL(started.location);
    expect(authorization.searchParams.get("scope")).toBe("read:user user:email");
    expect(authorization.searchParams.get("client_id")).toBe(CLIENT_ID);
    const back = await browser.callback(await browser.walk(started.location), started.cookie);
    const session = await browser.redeem(back.landing.fragment.get("oidc") ?? "", back.cookie);
    expect(session.body.user).toMatchObject({
      email,
      emailVerified: true,
      displayName: "Octo Cat",
    });
    const links = await t.database.db
      .select()
      .from(schema.identityLinks)
      .where(eq(schema.identityLinks.subject, String(ids)));
    expect(links).toMatchObject([{ provider: "github", email }]);
  });

  it("never links by an address GitHub has not verified", async () => {
    const account = await api.signUp({ email: newEmail("octo-existing") });
    nextUser = {
      id: ++ids,
      name: "Octo",
      emails: [{ email: account.email, primary: true, verified: false }],
    };
    const { landing } = await browser.signIn("github");
    expect(landing.fragment.get("oidcError")).toBe("auth/account-exists-with-different-credential");
  });

  it("refuses a code GitHub will not take", async () => {
    nextUser = {
      id: ++ids,
      name: "Octo",
      emails: [{ email: newEmail("octo-refused"), primary: true, verified: true }],
    };
    refuseCode = true;
    try {
      const { landing } = await browser.signIn("github");
      expect(landing.fragment.get("oidcError")).toBe("auth/invalid-credential");
    } finally {
      refuseCode = false;
    }
  });
});
