/**
 * Where to go after signing in (spec section 2): the redirectUrl when the allow-list accepts it;
 * otherwise the default landing, with a console warning naming the allowed hosts.
 */
import { safeRedirect } from "@lumen/core";

export const DEFAULT_LANDING = "/web/redirect-to-active-section";

export function destinationAfterLogin(
  redirectUrl: string | undefined,
  options: {
    allowedHosts: readonly string[];
    currentOrigin: string;
    /** The server's word: true outside production only (the localhost development hosts). */
    allowDevHosts: boolean;
    warn?: (message: string) => void;
  },
): string {
  const decision = safeRedirect(redirectUrl, {
    allowedHosts: options.allowedHosts,
    currentOrigin: options.currentOrigin,
    allowDevHosts: options.allowDevHosts,
  });
  if (decision.url !== null) return decision.url;
  if ("warning" in decision) (options.warn ?? console.warn)(decision.warning);
  return DEFAULT_LANDING;
}
