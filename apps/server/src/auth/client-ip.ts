/** The client's address for rate limits: the socket's, or the proxy's word for it with TRUST_PROXY. */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";

export function clientIp(c: Context<AppEnv>): string {
  if (c.get("deps").env.TRUST_PROXY) {
    // The last entry is the one our proxy appended; earlier ones are the client's own claims.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "unknown";
  }
}

/** The origin links in mail point at: PUBLIC_URL, else the one this request came to. */
export function publicOrigin(c: Context<AppEnv>): string {
  const { env } = c.get("deps");
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const url = new URL(c.req.url);
  if (env.TRUST_PROXY) {
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
  }
  return url.origin;
}
