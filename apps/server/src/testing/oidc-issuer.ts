/**
 * A real OpenID Connect provider for tests (issue 19): `oidc-provider` on 127.0.0.1, with one
 * confidential client, its own RS256 key, and accounts the test names. Its sign-in screen answers
 * at once as `nextLogin` (or refuses, when that is null), so a flow needs no form. Tokens are
 * really signed and really verified; `tamperIdToken` makes the token endpoint hand out an ID token
 * re-signed with the provider's own key but with other claims (a wrong audience, an expiry in the
 * past), as a compromised or misconfigured provider would. `walkToCallback` follows a browser's
 * redirects through the provider to the product's callback. Test code only.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import Provider from "oidc-provider";

export interface IssuerAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface TestIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by login name. */
  accounts: Map<string, IssuerAccount>;
  /** Who signs in at the next authorization; null: the learner cancels. */
  nextLogin: string | null;
  /** Rewrites the next ID tokens' claims (re-signed with the issuer's key); null: none. */
  tamperIdToken: ((claims: JWTPayload) => JWTPayload) | null;
  /** OIDC_PROVIDERS for a server that uses this issuer under `id`. */
  setting(id?: string, name?: string): string;
  stop(): Promise<void>;
}

const KID = "test-issuer-key";

export async function startOidcIssuer(options: {
  /** Every callback URL the client may be sent back to. */
  redirectUris: string[];
  clientId?: string;
}): Promise<TestIssuer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: KID, alg: "RS256", use: "sig" };
  const clientId = options.clientId ?? "lumen-test";
  const clientSecret = randomBytes(24).toString("base64url");
  const accounts = new Map<string, IssuerAccount>();

  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      IdToken: 3600,
    },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = [...accounts.values()].find((a) => a.sub === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            ...(account.email ? { email: account.email } : {}),
            ...(account.emailVerified !== undefined
              ? { email_verified: account.emailVerified }
              : {}),
            ...(account.name ? { name: account.name } : {}),
          };
        },
      };
    },
  });

  const issuer: TestIssuer = {
    url,
    clientId,
    clientSecret,
    accounts,
    nextLogin: null,
    tamperIdToken: null,
    setting: (id = "test", name = "Test ID") =>
      JSON.stringify([{ id, name, issuer: url, clientId, clientSecret }]),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** The sign-in screen: signs `nextLogin` in and grants what was asked, or cancels. */
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const account = issuer.nextLogin === null ? undefined : accounts.get(issuer.nextLogin);
    if (!account) {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The learner cancelled." },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: account.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The token endpoint's answer with its ID token re-signed under other claims. */
  function tamper(res: ServerResponse, rewrite: (claims: JWTPayload) => JWTPayload) {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: Buffer | string) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      const finish = (text: string) => {
        res.setHeader("content-length", Buffer.byteLength(text));
        write(text);
        return end();
      };
      if (typeof body.id_token !== "string") return finish(JSON.stringify(body));
      new SignJWT(rewrite(decodeJwt(body.id_token)))
        .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
        .sign(privateKey)
        .then((token) => finish(JSON.stringify({ ...body, id_token: token })));
      return res;
    }) as typeof res.end;
  }

  const callback = provider.callback();
  handler = (req, res) => {
    const path = new URL(req.url ?? "/", url).pathname;
    if (path.startsWith("/interaction/")) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (path === "/token" && req.method === "POST" && issuer.tamperIdToken) {
      tamper(res, issuer.tamperIdToken);
    }
    callback(req, res);
  };
  return issuer;
}

/**
 * Follows a browser's redirects from the provider's authorization URL, with the provider's
 * cookies, until one leaves the provider: that is the product's callback URL.
 */
export async function walkToCallback(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  const origin = next.origin;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
    if (next.origin !== origin) return next;
  }
  throw new Error("too many redirects at the provider");
}
