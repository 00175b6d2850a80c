/**
 * The built-in identity provider's API (issue 3): sign-up, sign-in, token refresh, password
 * reset, email verification (mailed at sign-up, issue 13) and the confirmation of an email change
 * under /v1/auth. Errors answer with the `auth/*` codes.
 */
import {
  actionCodeBodySchema,
  MAX_DISPLAY_NAME_LENGTH,
  type SignedIn,
  type VerifyEmailAnswer,
} from "@lumen/contracts";
import { VISITOR_ID_PATTERN } from "@lumen/core";
import { Hono } from "hono";
import { z } from "zod";
import { clientIp, publicOrigin } from "../auth/client-ip.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { presentUser } from "../auth/present-user.ts";
import { issueSessionTokens } from "../auth/session-tokens.ts";
import type { UserRow } from "../auth/users.ts";
import { confirmEmailChange } from "../commands/confirm-email-change.ts";
import { confirmEmailVerification } from "../commands/confirm-email-verification.ts";
import { confirmPasswordReset } from "../commands/confirm-password-reset.ts";
import { refreshIdToken } from "../commands/refresh-id-token.ts";
import { requestEmailVerification } from "../commands/request-email-verification.ts";
import { requestPasswordReset } from "../commands/request-password-reset.ts";
import { signInUser } from "../commands/sign-in-user.ts";
import { signUpUser } from "../commands/sign-up-user.ts";
import type { AppDeps } from "../context.ts";
import { handleError } from "../http/error-handler.ts";
import { readJson } from "../http/validate.ts";

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

/** A new session's tokens and the user: what sign-up and sign-in answer. */
async function signedIn(deps: AppDeps, user: UserRow): Promise<SignedIn> {
  const tokens = await issueSessionTokens({
    db: deps.database.db,
    keys: await deps.auth.keys(),
    user,
  });
  return { ...tokens, user: presentUser(user) };
}

export const authRoutes = new Hono<AuthEnv>()
  .post("/auth/signup", async (c) => {
    const body = await readJson(c, signUpBody);
    const deps = c.get("deps");
    const { auth } = deps;
    const user = await signUpUser({
      db: deps.database.db,
      limiter: auth.limiter,
      ip: clientIp(c),
      ...body,
    });
    const log = c.get("log");
    log.info({ userId: user.id }, "account created");
    // The verification mail goes out beside the answer: a slow mail server never holds up
    // sign-up, and a failed mail is logged (the learner can ask again from the banner).
    requestEmailVerification({
      db: deps.database.db,
      limiter: auth.limiter,
      mailer: auth.mailer,
      user,
      origin: publicOrigin(c),
      productName: deps.env.PRODUCT_NAME,
      resend: false,
    }).catch((err: unknown) => log.error({ err, userId: user.id }, "verification mail failed"));
    return c.json(await signedIn(deps, user), 201);
  })
  .post("/auth/signin", async (c) => {
    const body = await readJson(c, signInBody);
    const deps = c.get("deps");
    const { auth } = deps;
    const user = await signInUser({
      db: deps.database.db,
      limiter: auth.limiter,
      ip: clientIp(c),
      ...body,
    });
    return c.json(await signedIn(deps, user), 200);
  })
  .post("/auth/token", async (c) => {
    const body = await readJson(c, tokenBody);
    const deps = c.get("deps");
    const tokens = await refreshIdToken({
      db: deps.database.db,
      keys: await deps.auth.keys(),
      refreshToken: body.refreshToken,
    });
    return c.json(tokens, 200);
  })
  .post("/auth/password-reset", async (c) => {
    const body = await readJson(c, resetBody);
    const deps = c.get("deps");
    const { auth } = deps;
    const { done } = await requestPasswordReset({
      db: deps.database.db,
      limiter: auth.limiter,
      mailer: auth.mailer,
      ip: clientIp(c),
      email: body.email,
      origin: publicOrigin(c),
      productName: deps.env.PRODUCT_NAME,
    });
    const log = c.get("log");
    done.catch((err) => log.error({ err }, "password reset mail failed"));
    return c.body(null, 204);
  })
  .post("/auth/password-reset/confirm", async (c) => {
    const body = await readJson(c, resetConfirmBody);
    const deps = c.get("deps");
    await confirmPasswordReset({
      db: deps.database.db,
      limiter: deps.auth.limiter,
      ip: clientIp(c),
      ...body,
    });
    return c.body(null, 204);
  })
  .post("/auth/verify-email", requireUser(), async (c) => {
    const deps = c.get("deps");
    const { auth } = deps;
    const sent = await requestEmailVerification({
      db: deps.database.db,
      limiter: auth.limiter,
      mailer: auth.mailer,
      user: currentUser(c),
      origin: publicOrigin(c),
      productName: deps.env.PRODUCT_NAME,
      resend: true,
    });
    return c.json({ sent } satisfies VerifyEmailAnswer, 202);
  })
  .post("/auth/verify-email/confirm", async (c) => {
    const body = await readJson(c, verifyConfirmBody);
    const deps = c.get("deps");
    await confirmEmailVerification({
      db: deps.database.db,
      limiter: deps.auth.limiter,
      ip: clientIp(c),
      ...body,
    });
    return c.body(null, 204);
  })
  .post("/auth/email-change/confirm", async (c) => {
    const { code } = await readJson(c, actionCodeBodySchema);
    const deps = c.get("deps");
    const user = await confirmEmailChange({
      db: deps.database.db,
      limiter: deps.auth.limiter,
      mailer: deps.auth.mailer,
      ip: clientIp(c),
      code,
      productName: deps.env.PRODUCT_NAME,
      supportEmail: deps.env.SUPPORT_EMAIL,
    });
    c.get("log").info({ userId: user.id }, "email changed");
    return c.json(presentUser(user));
  });

authRoutes.onError(handleError);
