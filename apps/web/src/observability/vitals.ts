/**
 * Web vitals (LCP, INP, CLS) of a sampled page view, posted one by one to
 * POST /v1/monitoring/vitals with the route's pattern (never the URL with its ids).
 */

import { matchScreen, type WebVitalsBeacon } from "@lumen/contracts";
import { VITALS_PATH } from "@lumen/core";
import { type Metric, onCLS, onINP, onLCP } from "web-vitals";
import { RELEASE } from "./release.ts";

function send(metric: Metric): void {
  const route = matchScreen(window.location.pathname)?.path;
  if (!route) return;
  const beacon: WebVitalsBeacon = {
    route,
    name: metric.name as WebVitalsBeacon["name"],
    value: Math.max(0, metric.value),
    rating: metric.rating,
    release: RELEASE,
  };
  const body = JSON.stringify(beacon);
  // sendBeacon survives the page being closed, which is when CLS and INP are final.
  if (!navigator.sendBeacon?.(VITALS_PATH, new Blob([body], { type: "application/json" }))) {
    void fetch(VITALS_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
  }
}

export function reportWebVitals(): void {
  onLCP(send);
  onINP(send);
  onCLS(send);
}
