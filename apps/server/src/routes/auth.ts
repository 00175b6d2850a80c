/**
 * The identity provider's API (issue 3): sign-up, sign-in, token refresh, password reset, email
 * verification (mailed at sign-up, issue 13), the confirmation of an email change and the landing
 * of Firebase Authentication's mail links (issue 19) under /v1/auth. Each answers through the configured provider (auth/identity-provider.ts; the built-in
 * one by default), so the browser speaks one contract whatever the provider. Errors answer with
 * the `auth/*` codes.
 */
import {
  actionCodeBodySchema,
  MAX_DISPLAY_NAME_LENGTH,
  type SignedIn,
  type VerifyEmailAnswer,
} from "@lumen/contracts";
import { VISITOR_ID_PATTERN } from "@lumen/core";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { AuthError } from "../auth/auth-error.ts";
import { clientIp, publicOrigin } from "../auth/client-ip.ts";
import type {
  ActionCodeSender,
  ProviderRequest,
  ProviderSession,
} from "../auth/identity-provider.ts";
import { emailChangedMail } from "../auth/mailer.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { presentUser } from "../auth/present-user.ts";
import { confirmEmailChange } from "../commands/confirm-email-change.ts";
import { errors } from "../errors.ts";
import { handleError } from "../http/error-handler.ts";
import { readJson, readQuery } from "../http/validate.ts";

// Format rules (email shape, password length) are checked by the commands so that they answer
// with the identity provider's codes; these schemas only bound the input.
const email = z.string().max(320);
const password = z.string().max(1024);
const code = z.string().min(1).max(200);

const signUpBody = z.object({
  email,
  password,
  displayName: z.string().max(MAX_DISPLAY_NAME_LENGTH).optional(),
  /** The browser's visitor id, carried over to the account's experiment buckets (issue 14). */
  visitorId: z.string().regex(VISITOR_ID_PATTERN).optional(),
});
const signInBody = z.object({ email, password });
const tokenBody = z.object({ refreshToken: z.string().min(1).max(200) });
const resetBody = z.object({ email });
const resetConfirmBody = z.object({ code, newPassword: password });
const verifyConfirmBody = z.object({ code });
/** The link in Firebase Authentication's mails, when its action URL is set to /v1/auth/action. */
const firebaseActionQuery = z.object({
  mode: z.enum(["resetPassword", "verifyEmail", "verifyAndChangeEmail"]),
  oobCode: z.string().regex(/^[\w-]{1,200}$/),
});

/** A new session's tokens and the user: what sign-up and sign-in answer. */
const signedIn = ({ user, tokens }: ProviderSession): SignedIn => ({
  ...tokens,
  user: presentUser(user),
});

const providerRequest = (c: Context<AuthEnv>): ProviderRequest => {
  // Routes behind requireUser have checked this token already (auth/middleware.ts).
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return {
    ip: clientIp(c),
    origin: publicOrigin(c),
    ...(bearer && c.get("user") ? { idToken: bearer } : {}),
  };
};

/** The configured provider's action codes; a provider without them has no such links. */
function actionCodes(c: Context<AuthEnv>): ActionCodeSender {
  const codes = c.get("deps").auth.identity.actionCodes;
  if (!codes) throw errors.unavailable("Mailed links from this sign-in service");
  return codes;
}

export const authRoutes = new Hono<AuthEnv>()
  .post("/auth/signup", async (c) => {
    const body = await readJson(c, signUpBody);
    const { identity } = c.get("deps").auth;
    const request = providerRequest(c);
    const session = await identity.signUp(body, request);
    const { user } = session;
    const log = c.get("log");
    log.info({ userId: user.id }, "account created");
    // The verification mail goes out beside the answer: a slow mail server never holds up
    // sign-up, and a failed mail is logged (the learner can ask again from the banner).
    identity.actionCodes
      ?.requestEmailVerification(
        { user, resend: false },
        // The new session's own token: a hosted provider mails for the person it names.
        { ...request, idToken: session.tokens.idToken },
      )
      .catch((err: unknown) => log.error({ err, userId: user.id }, "verification mail failed"));
    return c.json(signedIn(session), 201);
  })
  .post("/auth/signin", async (c) => {
    const body = await readJson(c, signInBody);
    const session = await c.get("deps").auth.identity.signIn(body, providerRequest(c));
    return c.json(signedIn(session), 200);
  })
  .post("/auth/token", async (c) => {
    const body = await readJson(c, tokenBody);
    const tokens = await c.get("deps").auth.identity.refresh(body.refreshToken);
    return c.json(tokens, 200);
  })
  .post("/auth/password-reset", async (c) => {
    const body = await readJson(c, resetBody);
    const { done } = await actionCodes(c).requestPasswordReset(body, providerRequest(c));
    const log = c.get("log");
    done.catch((err) => log.error({ err }, "password reset mail failed"));
    return c.body(null, 204);
  })
  .post("/auth/password-reset/confirm", async (c) => {
    const body = await readJson(c, resetConfirmBody);
    await actionCodes(c).confirmPasswordReset(body, providerRequest(c));
    return c.body(null, 204);
  })
  .post("/auth/verify-email", requireUser(), async (c) => {
    const sent = await actionCodes(c).requestEmailVerification(
      { user: currentUser(c), resend: true },
      providerRequest(c),
    );
    return c.json({ sent } satisfies VerifyEmailAnswer, 202);
  })
  .post("/auth/verify-email/confirm", async (c) => {
    const body = await readJson(c, verifyConfirmBody);
    await actionCodes(c).confirmEmailVerification(body, providerRequest(c));
    return c.body(null, 204);
  })
  // Firebase Authentication's mails link here (its "custom action URL"): the code moves to the
  // fragment of the product's own page, which confirms it through /v1/auth like any other.
  .get("/auth/action", (c) => {
    const { mode, oobCode } = readQuery(c, firebaseActionQuery);
    const code = encodeURIComponent(oobCode);
    const page = {
      resetPassword: `/web/passwordReset#code=${code}`,
      verifyEmail: `/web/verify-email#mode=verifyEmail&code=${code}`,
      // The page confirms it through /auth/email-change/confirm, as the product's own links.
      verifyAndChangeEmail: `/web/verify-email#mode=changeEmail&code=${code}`,
    }[mode];
    return c.redirect(page, 303);
  })
  .post("/auth/email-change/confirm", async (c) => {
    const { code } = await readJson(c, actionCodeBodySchema);
    const deps = c.get("deps");
    const providerConfirm = deps.auth.identity.actionCodes?.confirmEmailChange;
    const user = await confirmEmailChange({
      db: deps.database.db,
      limiter: deps.auth.limiter,
      mailer: deps.auth.mailer,
      ip: clientIp(c),
      code,
      productName: deps.env.PRODUCT_NAME,
      supportEmail: deps.env.SUPPORT_EMAIL,
    }).catch(async (error: unknown) => {
      // Not one of the product's codes: the provider's link, where it mails its own (ADR 0059).
      if (!providerConfirm || !(error instanceof AuthError)) throw error;
      if (error.code !== "auth/invalid-action-code") throw error;
      const changed = await providerConfirm({ code }, providerRequest(c));
      await deps.auth.mailer.send(
        emailChangedMail({
          to: changed.previousEmail,
          newEmail: changed.user.email,
          productName: deps.env.PRODUCT_NAME,
          supportEmail: deps.env.SUPPORT_EMAIL,
        }),
      );
      return changed.user;
    });
    c.get("log").info({ userId: user.id }, "email changed");
    return c.json(presentUser(user));
  });

authRoutes.onError(handleError);
