/**
 * Email verification in the product's words (issue 13, item 10), written once for the banner,
 * the verify page and the profile: what confirming unlocks (enforced by the server: a profile
 * photo needs a confirmed address), and how the mail's link is read.
 */
import { ACTION_MODES, type ActionMode } from "@lumen/contracts";

export const VERIFICATION_UNLOCKS =
  "Confirming it lets you add a profile photo, and makes sure password-reset mail reaches you.";

/** The mode and code of a mail's link: `/web/verify-email#mode=verifyEmail&code=…`. */
export function parseActionLink(hash: string): { mode: ActionMode; code: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const mode = params.get("mode");
  const code = params.get("code");
  if (!code || code.length > 200) return null;
  if (!(ACTION_MODES as readonly string[]).includes(mode ?? "")) return null;
  return { mode: mode as ActionMode, code };
}

/** "in 42 seconds", "in about 2 minutes": when a refused request may be asked again. */
export function retryWhen(seconds: number): string {
  if (seconds <= 1) return "in a moment";
  if (seconds < 90) return `in ${Math.ceil(seconds)} seconds`;
  return `in about ${Math.round(seconds / 60)} minutes`;
}

/** How long a dismissed banner stays away on this device, while the address is unconfirmed. */
export const BANNER_SNOOZE_MS = 3 * 24 * 60 * 60 * 1000;
const snoozeKey = (userId: string) => `lumen-verify-banner-dismissed:${userId}`;

export function bannerSnoozed(userId: string, now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(snoozeKey(userId)));
    return Number.isFinite(at) && at > 0 && now - at < BANNER_SNOOZE_MS;
  } catch {
    return false;
  }
}

export function snoozeBanner(userId: string, now = Date.now()): void {
  try {
    localStorage.setItem(snoozeKey(userId), String(now));
  } catch {
    // Storage is off: dismissed for this page.
  }
}
