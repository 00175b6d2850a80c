/**
 * Bearer authentication for /v1 (spec section 6). `authenticate` reads `Authorization: Bearer
 * <idToken>` when present and puts the account on the context, refusing a bad token; routes that
 * need a user add `requireUser`. Impersonation tokens pass only with ALLOW_IMPERSONATION, and
 * each use is logged.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { AppError } from "../errors.ts";
import { handleError } from "../http/error-handler.ts";
import { AuthError } from "./auth-error.ts";
import { findUserById, sessionStillValid, type UserRow } from "./users.ts";

/** Kept as a name for the routes that use it; the user now lives on AppEnv itself. */
export type AuthEnv = AppEnv;

const unauthenticated = (message: string) => new AppError("unauthenticated", message);

function bearerToken(c: Context<AuthEnv>): string | undefined {
  const header = c.req.header("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthenticated("The Authorization header must be `Bearer <ID token>`.");
  return match[1];
}

/** The account an ID token stands for, or the reason it is refused. */
export async function userFromIdToken(c: Context<AuthEnv>, token: string): Promise<UserRow> {
  const deps = c.get("deps");
  // The configured identity provider checks its own tokens (auth/identity-provider.ts).
  const verified = await deps.auth.identity.verifyIdToken(token);
  if (!verified) throw unauthenticated("The ID token is not valid or has expired. Sign in again.");
  if (verified.impersonatedBy !== undefined) {
    if (!deps.env.ALLOW_IMPERSONATION)
      throw unauthenticated("Impersonation is not allowed on this server.");
    c.get("log").warn(
      { userId: verified.userId, impersonatedBy: verified.impersonatedBy, path: c.req.path },
      "impersonation token used",
    );
    c.set("impersonatedBy", verified.impersonatedBy);
  }
  const user = await findUserById(deps.database.db, verified.userId);
  if (!user) throw unauthenticated("This account no longer exists.");
  if (user.disabled) throw new AuthError("auth/user-disabled");
  if (verified.sessionVersion !== undefined && !sessionStillValid(user, verified.sessionVersion)) {
    throw new AuthError("auth/requires-recent-login");
  }
  return user;
}

export function authenticate(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    try {
      const token = bearerToken(c);
      if (token) c.set("user", await userFromIdToken(c, token));
    } catch (error) {
      return handleError(error, c);
    }
    await next();
  };
}

export function requireUser(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!c.get("user")) {
      return handleError(
        unauthenticated("Sign in first: send `Authorization: Bearer <ID token>`."),
        c,
      );
    }
    await next();
  };
}

/** The signed-in account; only in handlers behind requireUser. */
export function currentUser(c: Context<AuthEnv>): UserRow {
  const user = c.get("user");
  if (!user) throw unauthenticated("Sign in first.");
  return user;
}
