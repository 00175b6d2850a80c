/**
 * Hosted sign-in routes (issue 19, ADR 0060). The browser goes to `start`, which sends it to the
 * provider; the provider sends it back to `callback`, which lands on the web app's login (or
 * register) screen with a one-time code in the fragment; the web app trades the code at `session`
 * for the same tokens a password sign-in answers, and from there /api/login sets the session
 * cookie as for any sign-in. Linking starts with `link` (signed in) and lands back on the profile.
 * Failures land on the same screens with `#oidcError=<code>`; the screen words them.
 */
import {
  type IdentityLinks,
  type OidcRedirect,
  oidcHandoffBodySchema,
  type SignedIn,
} from "@lumen/contracts";
import { safeRedirect } from "@lumen/core";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { AuthError, type AuthErrorCode } from "../auth/auth-error.ts";
import { clientIp, publicOrigin } from "../auth/client-ip.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { clearOidcCookie, readOidcCookie, setOidcCookie } from "../auth/oidc/oidc-cookie.ts";
import { presentUser } from "../auth/present-user.ts";
import { finishOidcSignIn } from "../commands/oidc/finish-oidc-sign-in.ts";
import { listIdentityLinks } from "../commands/oidc/list-identity-links.ts";
import { redeemOidcHandoff } from "../commands/oidc/redeem-oidc-handoff.ts";
import { oidcCallbackUrl, startOidcSignIn } from "../commands/oidc/start-oidc-sign-in.ts";
import { unlinkIdentity } from "../commands/oidc/unlink-identity.ts";
import { handleError } from "../http/error-handler.ts";
import { readJson } from "../http/validate.ts";

/** Where a sign-in goes when it names nowhere (the web app's default landing). */
const SIGN_IN_LANDING = "/web/redirect-to-active-section";
const PROFILE = "/web/profile";

const linkBody = z.object({ redirectUrl: z.string().max(2048).optional() }).optional();

/** The redirect allow-list of spec section 2 (packages/core), as the web app applies it. */
function returnPath(c: Context<AuthEnv>, wanted: string | undefined, fallback: string): string {
  const { env } = c.get("deps");
  if (!wanted || wanted.length > 2048) return fallback;
  const decision = safeRedirect(wanted, {
    allowedHosts: env.ALLOWED_REDIRECT_HOSTS,
    currentOrigin: publicOrigin(c),
    allowDevHosts: env.NODE_ENV !== "production",
  });
  return decision.url ?? fallback;
}

const screen = (path: string, returnTo: string | undefined, fragment: string) =>
  `${path}${returnTo ? `?redirectUrl=${encodeURIComponent(returnTo)}` : ""}#${fragment}`;

/** Back to the login screen (or the profile, when linking) with the failure's code. */
function failed(
  c: Context<AuthEnv>,
  code: AuthErrorCode,
  { returnTo, linking = false }: { returnTo?: string; linking?: boolean },
) {
  clearOidcCookie(c);
  const fragment = `oidcError=${encodeURIComponent(code)}`;
  if (linking) return c.redirect(`${returnTo ?? PROFILE}#${fragment}`, 302);
  return c.redirect(screen("/web/login", returnTo, fragment), 302);
}

const providerParam = (c: Context<AuthEnv>) => c.req.param("provider") ?? "";

export const oidcRoutes = new Hono<AuthEnv>()
  .get("/auth/oidc/:provider/start", async (c) => {
    const deps = c.get("deps");
    const returnTo = returnPath(c, c.req.query("redirectUrl"), SIGN_IN_LANDING);
    try {
      await deps.auth.limiter.check("signInPerIp", clientIp(c));
      const { url, state } = await startOidcSignIn({
        db: deps.database.db,
        oidc: deps.auth.oidc,
        providerId: providerParam(c),
        origin: publicOrigin(c),
        returnTo,
        now: deps.clock(),
      });
      await setOidcCookie(c, await deps.auth.cookieKeys(), state);
      return c.redirect(url.href, 302);
    } catch (error) {
      if (error instanceof AuthError) return failed(c, error.code, { returnTo });
      throw error;
    }
  })
  .post("/auth/oidc/:provider/link", requireUser(), async (c) => {
    const body = await readJson(c, linkBody);
    const deps = c.get("deps");
    const { url, state } = await startOidcSignIn({
      db: deps.database.db,
      oidc: deps.auth.oidc,
      providerId: providerParam(c),
      origin: publicOrigin(c),
      returnTo: returnPath(c, body?.redirectUrl, PROFILE),
      linkUserId: currentUser(c).id,
      now: deps.clock(),
    });
    await setOidcCookie(c, await deps.auth.cookieKeys(), state);
    return c.json({ url: url.href } satisfies OidcRedirect);
  })
  .get("/auth/oidc/:provider/callback", async (c) => {
    const deps = c.get("deps");
    const providerId = providerParam(c);
    if (!deps.auth.oidc.find(providerId)) return failed(c, "auth/no-such-provider", {});
    const callbackUrl = new URL(oidcCallbackUrl(publicOrigin(c), providerId));
    callbackUrl.search = new URL(c.req.url).search;
    const result = await finishOidcSignIn({
      db: deps.database.db,
      oidc: deps.auth.oidc,
      providerId,
      callbackUrl,
      cookieState: await readOidcCookie(c, await deps.auth.cookieKeys()),
      now: deps.clock(),
    });
    const log = c.get("log");
    if (!result.ok) {
      log.info({ provider: providerId, code: result.code }, "hosted sign-in refused");
      return failed(c, result.code, result);
    }
    if (result.linking) {
      clearOidcCookie(c);
      return c.redirect(`${result.returnTo}#oidcLinked=${encodeURIComponent(providerId)}`, 302);
    }
    // The cookie stays: the trade of the one-time code needs this browser's state again.
    log.info({ provider: providerId, created: result.created }, "hosted sign-in");
    const page = result.created ? "/web/register" : "/web/login";
    return c.redirect(screen(page, result.returnTo, `oidc=${result.handoff}`), 302);
  })
  .post("/auth/oidc/session", async (c) => {
    const { code } = await readJson(c, oidcHandoffBodySchema);
    const deps = c.get("deps");
    await deps.auth.limiter.check("actionCodePerIp", clientIp(c));
    const cookieState = await readOidcCookie(c, await deps.auth.cookieKeys());
    clearOidcCookie(c);
    const session = await redeemOidcHandoff({
      db: deps.database.db,
      identity: deps.auth.identity,
      code,
      cookieState,
      now: deps.clock(),
    });
    return c.json({ ...session.tokens, user: presentUser(session.user) } satisfies SignedIn);
  })
  .get("/me/identities", requireUser(), async (c) => {
    const deps = c.get("deps");
    const links = await listIdentityLinks({
      db: deps.database.db,
      user: currentUser(c),
      providers: deps.auth.oidc.providers,
    });
    return c.json(links satisfies IdentityLinks);
  })
  .delete("/me/identities/:provider", requireUser(), async (c) => {
    const deps = c.get("deps");
    await unlinkIdentity({
      db: deps.database.db,
      user: currentUser(c),
      providerId: providerParam(c),
      hostedProviders: deps.auth.oidc.providers.map((p) => p.id),
    });
    c.get("log").info({ provider: providerParam(c) }, "provider unlinked");
    return c.body(null, 204);
  });

oidcRoutes.onError(handleError);
