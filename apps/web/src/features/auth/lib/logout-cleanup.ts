/**
 * What logout clears besides the session (spec section 4): the active-track cookies and the
 * analytics identity, and the lessons this device kept for offline use (issue 15).
 */
import { resetAnalyticsIdentity } from "../../../analytics/track.ts";
import { forgetCatalogCache } from "../../../offline/forget-catalog.ts";

/** The active track id cookie and one active-section cookie per track (spec section 3). */
export const ACTIVE_TRACK_COOKIE = "activeTrackId";
export const ACTIVE_SECTION_COOKIE_PREFIX = "activeSection_";

export function activeTrackCookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter(
      (name) => name === ACTIVE_TRACK_COOKIE || name.startsWith(ACTIVE_SECTION_COOKIE_PREFIX),
    );
}

export function clearLearnerTraces(
  doc: Pick<Document, "cookie"> = document,
  resetAnalytics = resetAnalyticsIdentity,
): void {
  for (const name of activeTrackCookieNames(doc.cookie)) {
    doc.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax; Secure`;
  }
  resetAnalytics();
  // Lessons kept for offline use are the signed-out learner's plan's, not the next person's.
  void forgetCatalogCache().catch(() => undefined);
}
