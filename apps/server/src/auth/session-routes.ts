/**
 * The product's own session endpoints (spec sections 4 and 7): `POST /api/login` with the ID
 * token in the Authorization header sets the signed session cookie; `POST /api/logout` clears
 * it. Both answer only requests whose Origin is our own, so another site cannot log a visitor
 * in or out.
 */
import { Hono } from "hono";
import { AppError } from "../errors.ts";
import { handleError } from "../http/error-handler.ts";
import { publicOrigin } from "./client-ip.ts";
import { type AuthEnv, userFromIdToken } from "./middleware.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";

function checkOrigin(c: Parameters<typeof publicOrigin>[0]) {
  const origin = c.req.header("origin");
  const allowed = new Set([publicOrigin(c), new URL(c.req.url).origin]);
  if (!origin || !allowed.has(origin)) {
    throw new AppError("forbidden", "This request must come from the app's own pages.");
  }
}

export const sessionRoutes = new Hono<AuthEnv>()
  .post("/api/login", async (c) => {
    checkOrigin(c);
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    if (!match?.[1])
      throw new AppError(
        "unauthenticated",
        "Send the ID token as `Authorization: Bearer <ID token>`.",
      );
    const user = await userFromIdToken(c, match[1]);
    await setSessionCookie(c, await c.get("deps").auth.cookieKeys(), {
      userId: user.id,
      sessionVersion: user.sessionVersion,
    });
    return c.json({ ok: true });
  })
  .post("/api/logout", (c) => {
    checkOrigin(c);
    clearSessionCookie(c);
    return c.json({ ok: true });
  });

sessionRoutes.onError(handleError);
