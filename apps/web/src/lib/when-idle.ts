/**
 * Runs work once the browser is idle (at the latest after `timeoutMs`), so that what a screen's
 * first paint does not need (the flags SDK, the developer toolbar) waits until it is drawn.
 * Answers how to cancel.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
