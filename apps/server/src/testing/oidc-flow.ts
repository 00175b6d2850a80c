/**
 * A browser's part in a hosted sign-in, for route tests (issue 19): start at the product, walk
 * through the test issuer (oidc-issuer.ts), come back to the callback with the sign-in cookie,
 * and trade the one-time code for the session. Each step is separate so that a test can tamper
 * with any of them. Test code only.
 */
import { expect } from "vitest";
import { newIp, type Requester, testClient } from "./api-client.ts";
import { walkToCallback } from "./oidc-issuer.ts";

export const PUBLIC_URL = "http://lumen.test";

/** The redirect's target split as the web app reads it. */
export interface Landing {
  path: string;
  redirectUrl: string | null;
  fragment: URLSearchParams;
}

export function landing(res: Response): Landing {
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`expected a redirect, got ${res.status}`);
  const url = new URL(location, PUBLIC_URL);
  return {
    path: url.pathname,
    redirectUrl: url.searchParams.get("redirectUrl"),
    fragment: new URLSearchParams(url.hash.slice(1)),
  };
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((line) => line.startsWith("lumen_oidc="))
    ?.split(";")[0] ?? "";

export function oidcBrowser(app: () => Requester) {
  const api = testClient(app);
  const request = (path: string, init: RequestInit = {}) => app().request(path, init);

  return {
    /** GET …/start: the provider's URL and this browser's sign-in cookie. */
    async start(provider = "test", redirectUrl = "/web/profile") {
      const res = await request(
        `/v1/auth/oidc/${provider}/start?redirectUrl=${encodeURIComponent(redirectUrl)}`,
        { headers: { "x-forwarded-for": newIp() } },
      );
      return { res, location: res.headers.get("location") ?? "", cookie: cookieOf(res) };
    },
    /** POST …/link, signed in: the provider's URL and the sign-in cookie. */
    async link(token: string, provider = "test") {
      const answer = await api.post(`/v1/auth/oidc/${provider}/link`, {
        token,
        body: { redirectUrl: "/web/profile" },
      });
      return { answer, location: String(answer.body.url ?? ""), cookie: cookieOf(answer.res) };
    },
    walk: walkToCallback,
    /** The provider sends the browser back; `cookie` is what the browser holds. */
    async callback(callbackUrl: URL, cookie: string) {
      expect(callbackUrl.origin).toBe(PUBLIC_URL);
      const res = await request(`${callbackUrl.pathname}${callbackUrl.search}`, {
        headers: cookie ? { cookie } : {},
      });
      return { res, landing: landing(res), cookie: cookieOf(res) || cookie };
    },
    /** The web app's trade of the one-time code for its session. */
    redeem(code: string, cookie: string) {
      return api.post("/v1/auth/oidc/session", {
        body: { code },
        headers: cookie ? { cookie } : {},
      });
    },
    /** The whole sign-in as the given provider login, to the session's answer. */
    async signIn(provider = "test", redirectUrl = "/web/profile") {
      const started = await this.start(provider, redirectUrl);
      const back = await this.callback(await walkToCallback(started.location), started.cookie);
      const code = back.landing.fragment.get("oidc");
      const session = code ? await this.redeem(code, back.cookie) : null;
      return { ...back, session };
    },
  };
}
