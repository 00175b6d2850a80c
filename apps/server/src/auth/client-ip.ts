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

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === "::1";
}

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * Whether the request was made on this machine: its socket is on loopback and no proxy forwarded
 * it (a reverse proxy on the same machine connects from loopback for every client, so a request
 * that names a forwarding header is never taken as local, whatever TRUST_PROXY says). A request
 * with no socket was made in-process, which only the server's own code and its tests can do.
 */
export function isLocalRequest(c: Context<AppEnv>): boolean {
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return true;
  }
  return address !== undefined && isLoopbackAddress(address);
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
