/**
 * The Sentry client (loaded by start.ts when the browser is idle): reports to our own ingest
 * through the SDK's tunnel (same origin, so content blockers let it through) with a DSN built from
 * the page's origin, spec section 9's constants and section 8's ignore rules.
 */

import { matchScreen } from "@lumen/contracts";
import {
  IDLE_TRACE_CHILD_SPAN_TIMEOUT_MS,
  INGEST_PROJECT_ID,
  INGEST_PUBLIC_KEY,
  INGEST_TUNNEL_PATH,
  isIgnoredErrorMessage,
  isIgnoredTransaction,
  OBSERVABILITY,
} from "@lumen/core";
import * as Sentry from "@sentry/react";
import { RELEASE } from "./release.ts";

/** `https://lumen@host/1`: a DSN naming our own ingest (nothing secret: the key is public). */
export function ownDsn(origin: URL = new URL(window.location.href)): string {
  return `${origin.protocol}//${INGEST_PUBLIC_KEY}@${origin.host}/${INGEST_PROJECT_ID}`;
}

/** A transaction is named by the route pattern (`/web/lesson/$id`); none for the 404 page. */
export function transactionRoute(name: string): string | null {
  let pathname = name;
  try {
    pathname = new URL(name, window.location.origin).pathname;
  } catch {
    // A name that is not a URL is kept as it is.
  }
  if (isIgnoredTransaction(pathname)) return null;
  return matchScreen(pathname)?.path ?? null;
}

export function initSentry(early: unknown[]): void {
  Sentry.init({
    dsn: ownDsn(),
    tunnel: INGEST_TUNNEL_PATH,
    release: RELEASE,
    environment: import.meta.env.MODE,
    tracesSampleRate: OBSERVABILITY.traceSampleRate,
    maxBreadcrumbs: OBSERVABILITY.bufferSize,
    transportOptions: { bufferSize: OBSERVABILITY.bufferSize },
    // We store errors and traces; sessions and client reports would only be posted and dropped.
    sendClientReports: false,
    ignoreErrors: ["Script error.", /^Script error\.?$/, /ResizeObserver loop/],
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== "BrowserSession"),
      Sentry.linkedErrorsIntegration({ limit: OBSERVABILITY.linkedErrorDepth }),
      Sentry.browserTracingIntegration({
        idleTimeout: OBSERVABILITY.idleTraceTimeoutMs,
        finalTimeout: OBSERVABILITY.finalTraceTimeoutMs,
        // The spec's heartbeat (5 s), as this SDK knows it: three beats without a change in the
        // open child spans end the trace (see OBSERVABILITY.heartbeatMs).
        childSpanTimeout: IDLE_TRACE_CHILD_SPAN_TIMEOUT_MS,
      }),
    ],
    beforeSend(event) {
      const value = event.exception?.values?.[0]?.value ?? event.message;
      return isIgnoredErrorMessage(value) ? null : event;
    },
    beforeSendTransaction(event) {
      const route = transactionRoute(event.transaction ?? "");
      if (!route) return null;
      event.transaction = route;
      return event;
    },
  });
  for (const error of early) Sentry.captureException(error);
}
