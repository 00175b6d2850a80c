/**
 * The redirectUrl the onboarding screens may follow: the after-login allow-list's (spec section
 * 2), with its console warning when one is refused; undefined when there is none to follow.
 */
import { safeRedirect } from "@lumen/core";
import { authConfig } from "../../auth/lib/auth-config.ts";

export function safeDestination(
  redirectUrl: string | undefined,
  warn: (message: string) => void = console.warn,
): string | undefined {
  const decision = safeRedirect(redirectUrl, {
    allowedHosts: authConfig.allowedRedirectHosts,
    currentOrigin: window.location.origin,
    allowDevHosts: authConfig.devRedirectHosts,
  });
  if (decision.url !== null) return decision.url;
  if ("warning" in decision) warn(decision.warning);
  return undefined;
}
