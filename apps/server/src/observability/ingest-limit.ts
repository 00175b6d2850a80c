/**
 * Per-address limits of the public monitoring endpoints: a fixed one-minute window in memory (the
 * reports are best effort; a second process simply allows its own share). Past the limit the
 * answer is 429 with spec section 9's rate-limit backoff (60 s), which the Sentry SDK honours.
 */
import { OBSERVABILITY } from "@lumen/core";
import { AppError } from "../errors.ts";

export const INGEST_LIMITS = { envelope: 60, vitals: 60 } as const;
const WINDOW_MS = 60_000;
const MAX_TRACKED = 10_000;

export class IngestLimiter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  check(kind: keyof typeof INGEST_LIMITS, address: string, now: number): void {
    if (now - this.windowStart >= WINDOW_MS || this.counts.size > MAX_TRACKED) {
      this.windowStart = now;
      this.counts.clear();
    }
    const key = `${kind}:${address}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count > INGEST_LIMITS[kind]) {
      throw new AppError("rate_limited", "Too many reports from this address; try again later.", {
        retryAfterSeconds: OBSERVABILITY.rateLimitBackoffMs / 1000,
      });
    }
  }
}

const perApp = new WeakMap<object, IngestLimiter>();

/** The app's one limiter. */
export function ingestLimiterFor(deps: object): IngestLimiter {
  let limiter = perApp.get(deps);
  if (!limiter) {
    limiter = new IngestLimiter();
    perApp.set(deps, limiter);
  }
  return limiter;
}
