/**
 * `Cache-Control: no-store` on every API and session answer that does not say otherwise (issue 11
 * part 4): a learner's progress, saved code, tokens and account must never sit in a shared cache
 * or a browser's disk cache after sign-out. Answers that are the same for everyone (the catalog)
 * set their own caching and keep it.
 */
import type { MiddlewareHandler } from "hono";

export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};
