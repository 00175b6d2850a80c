/**
 * Where a billing screen sends the learner back to (issue 15): the redirectUrl it was given, only
 * if the redirect allow-list accepts it (spec section 2, @lumen/core redirect.ts), exactly as the
 * login page decides; a refused one is dropped with the spec's console warning.
 */
import { safeRedirect } from "@lumen/core";
import { DEFAULT_LANDING } from "../../auth/lib/after-login.ts";

export interface ReturnPolicy {
  allowedHosts: readonly string[];
  currentOrigin: string;
  allowDevHosts: boolean;
  warn?: (message: string) => void;
}

/** The allowed address to return to, or undefined (none given, or refused with a warning). */
export function allowedReturn(
  redirectUrl: string | null | undefined,
  policy: ReturnPolicy,
): string | undefined {
  const decision = safeRedirect(redirectUrl, policy);
  if (decision.url !== null) return decision.url;
  if ("warning" in decision) (policy.warn ?? console.warn)(decision.warning);
  return undefined;
}

/** Where "Continue" goes: back where the learner came from, else the default landing. */
export const continueTarget = (returnTo: string | undefined): string => returnTo ?? DEFAULT_LANDING;

/** An address on this site is opened by the router; another allowed host by the browser. */
export const isInAppPath = (url: string): boolean => url.startsWith("/") && !url.startsWith("//");

/** This site's path for URL, or the absolute http(s) address; null for anything else. */
export function destinationOf(url: string, origin: string): string | null {
  if (isInAppPath(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.origin === origin) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
