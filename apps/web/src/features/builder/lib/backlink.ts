/**
 * Where a builder screen's back button goes (issue 18, `?backlink=`): the redirect allow-list of
 * spec section 2 decides, as it does after login; anything it refuses falls back to the screen's
 * own parent.
 */
import { safeDestination } from "../../onboarding/lib/safe-destination.ts";

export function backlinkTarget(backlink: string | undefined, fallback: string): string {
  return safeDestination(backlink) ?? fallback;
}
