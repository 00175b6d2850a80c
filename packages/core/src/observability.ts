/**
 * Error reporting and performance sampling (spec sections 8 and 9, issue 14): the constants, used
 * verbatim by the web app's Sentry client, the server's reporter and the ingest. The rules for
 * what is never reported are in observability-rules.ts (a module of their own, so that the web
 * app's entry, which needs only these constants, does not carry them).
 */

/** Spec section 9's error-reporting and performance constants. */
export const OBSERVABILITY = {
  /** Share of page loads and navigations traced. */
  traceSampleRate: 0.05,
  /** Share of page views whose web vitals are recorded. */
  performanceSampleRate: 0.1,
  /** Events held at once: the transport's queue, the breadcrumb trail, errors before start-up. */
  bufferSize: 30,
  /** How many `cause`s of an error are followed. */
  linkedErrorDepth: 5,
  /** A trace ends after this long without activity. */
  idleTraceTimeoutMs: 1_000,
  /** A trace ends after this long whatever happens. */
  finalTraceTimeoutMs: 30_000,
  /**
   * The idle trace's heartbeat. Sentry's SDK 7 looked at an idle trace's open child spans every
   * `heartbeatInterval` (5 s by default) and ended the trace ("heartbeatFailed") once they had not
   * changed for IDLE_TRACE_HEARTBEATS beats in a row. SDK 8 replaced the beats by one timer,
   * `childSpanTimeout`, 15 s by default (those three beats), whose end reason is still
   * "heartbeatFailed"; the web app sets it from this value (ADR 0041).
   */
  heartbeatMs: 5_000,
  /** When the ingest says "too many" without saying for how long. */
  rateLimitBackoffMs: 60_000,
} as const;

/** Beats without a change in the open child spans before an idle trace ends (SDK 7's rule). */
export const IDLE_TRACE_HEARTBEATS = 3;

/**
 * The longest an idle trace waits on child spans that neither end nor change: the spec's
 * heartbeat times IDLE_TRACE_HEARTBEATS, what SDK 8 and later call `childSpanTimeout`.
 */
export const IDLE_TRACE_CHILD_SPAN_TIMEOUT_MS = OBSERVABILITY.heartbeatMs * IDLE_TRACE_HEARTBEATS;

/**
 * The DSN's parts our own ingest answers to: the web app's DSN is built from its origin with
 * these (`https://lumen@host/1`), and the ingest refuses envelopes naming anything else.
 */
export const INGEST_PUBLIC_KEY = "lumen";
export const INGEST_PROJECT_ID = "1";
/** Where the Sentry SDK's `tunnel` option sends envelopes (past content blockers: same origin). */
export const INGEST_TUNNEL_PATH = "/v1/monitoring/envelope";
export const VITALS_PATH = "/v1/monitoring/vitals";
