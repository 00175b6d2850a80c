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
  heartbeatMs: 5_000,
  /** When the ingest says "too many" without saying for how long. */
  rateLimitBackoffMs: 60_000,
} as const;

/**
 * The DSN's parts our own ingest answers to: the web app's DSN is built from its origin with
 * these (`https://lumen@host/1`), and the ingest refuses envelopes naming anything else.
 */
export const INGEST_PUBLIC_KEY = "lumen";
export const INGEST_PROJECT_ID = "1";
/** Where the Sentry SDK's `tunnel` option sends envelopes (past content blockers: same origin). */
export const INGEST_TUNNEL_PATH = "/v1/monitoring/envelope";
export const VITALS_PATH = "/v1/monitoring/vitals";
