/**
 * Link tracking (issue 14): an outbound link's click is tracked before the browser leaves, but
 * the visitor never waits more than 700 ms for it (spec section 9: link-tracking timeout).
 */

export const LINK_TRACKING_TIMEOUT_MS = 700;

export interface NavigateAfterOptions {
  /** Settles when the tracking is sent (or failed: navigation goes ahead either way). */
  sent: Promise<unknown>;
  navigate(): void;
  timeoutMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Navigates once: when the tracking is sent, or after the timeout, whichever comes first. */
export function navigateAfter({
  sent,
  navigate,
  timeoutMs = LINK_TRACKING_TIMEOUT_MS,
  setTimer = setTimeout,
}: NavigateAfterOptions): void {
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    navigate();
  };
  setTimer(go, timeoutMs);
  sent.then(go, go);
}
