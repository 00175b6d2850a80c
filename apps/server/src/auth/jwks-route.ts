/** GET /.well-known/jwks.json: the ID token's public keys, for anyone verifying our tokens. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";

export const JWKS_PATH = "/.well-known/jwks.json";

export const jwksRoutes = new Hono<AppEnv>().get(JWKS_PATH, async (c) => {
  const { jwks } = await c.get("deps").auth.keys();
  c.header("Cache-Control", "public, max-age=600");
  return c.json(jwks);
});
