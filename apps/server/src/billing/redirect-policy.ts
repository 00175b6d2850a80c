/**
 * The redirect allow-list (@lumen/core redirect.ts) as this request sees it: the product's hosts
 * from ALLOWED_REDIRECT_HOSTS, the public origin, and the localhost hosts outside production.
 * Billing checks every address it stores or hands to a provider against it.
 */
import type { RedirectPolicy } from "@lumen/core";
import type { Context } from "hono";
import { publicOrigin } from "../auth/client-ip.ts";
import type { AppEnv } from "../context.ts";

export function redirectPolicyFor(c: Context<AppEnv>): RedirectPolicy {
  const { env } = c.get("deps");
  return {
    allowedHosts: env.ALLOWED_REDIRECT_HOSTS,
    currentOrigin: publicOrigin(c),
    allowDevHosts: env.NODE_ENV !== "production",
  };
}
