/**
 * The visitor id experiments bucket an anonymous browser by (issue 14): the analytics anonymous id
 * (analytics/track.ts makes and keeps it), so that an exposure and the visitor's later analytics
 * events name the same subject, and logout forgets both at once. It is sent at sign-up so that
 * the account keeps the visitor's variants.
 */
import { getAnonymousId } from "../../analytics/track.ts";

export function experimentVisitorId(): string {
  return getAnonymousId();
}
