/** Whether a page request carries a session that is still good (for protected screens). */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { readSessionCookie } from "./session-cookie.ts";
import { findUserById, sessionStillValid } from "./users.ts";

export async function hasValidSession(c: Context<AppEnv>): Promise<boolean> {
  const deps = c.get("deps");
  const session = await readSessionCookie(c, await deps.auth.cookieKeys());
  if (!session) return false;
  const user = await findUserById(deps.database.db, session.userId);
  return user !== undefined && sessionStillValid(user, session.sessionVersion);
}
