/**
 * Per-address limits of the public monitoring endpoints (issue 14, ADR 0041): a fixed one-minute
 * window counted in the rate limits' store (auth/rate-limit.ts: the database, or Redis when
 * configured), so that every server process on it shares one count. Past the limit the answer is
 * 429 with spec section 9's rate-limit backoff (60 s), which the Sentry SDK honours. The reports
 * are best effort: when the store cannot be reached, the request passes and a warning is logged.
 */
import { OBSERVABILITY } from "@lumen/core";
import type { Logger } from "pino";
import type { RateLimitStore } from "../auth/rate-limit.ts";
import { AppError } from "../errors.ts";

export const INGEST_LIMITS = { envelope: 60, vitals: 60 } as const;
export const INGEST_WINDOW_MS = 60_000;

export type IngestKind = keyof typeof INGEST_LIMITS;

/** The store's key: its own prefix, apart from the sign-in limits' names. */
export const ingestLimitKey = (kind: IngestKind, address: string) =>
  `ingest-${kind}:${address.toLowerCase()}`;

/** Counts one report from ADDRESS; throws rate_limited past the kind's limit. */
export async function checkIngestLimit(options: {
  store: RateLimitStore;
  kind: IngestKind;
  address: string;
  log: Logger;
}): Promise<void> {
  const { store, kind, address, log } = options;
  let count: number;
  try {
    count = await store.hit(ingestLimitKey(kind, address), INGEST_WINDOW_MS);
  } catch (error) {
    log.warn({ err: error, kind }, "monitoring: the rate limit store is unavailable");
    return;
  }
  if (count > INGEST_LIMITS[kind]) {
    throw new AppError("rate_limited", "Too many reports from this address; try again later.", {
      retryAfterSeconds: OBSERVABILITY.rateLimitBackoffMs / 1000,
    });
  }
}
