/**
 * Analytics: `track(event, properties)` queues an event (names from spec section 7 only) and
 * sends batches to POST /v1/events. It never blocks the page: sending happens on a timer, off the
 * caller's path; when the tab is hidden or closed, what is queued leaves with sendBeacon. Batches
 * sent by fetch carry the signed-in learner's bearer token, so they count for that learner. Each
 * event is also forwarded to the configured third parties, only with consent (third-party.ts).
 */
import type { AnalyticsEvent, AnalyticsEventName } from "@lumen/contracts";
import { apiFetch } from "../lib/api-client.ts";
import { config } from "../lib/config.ts";
import { navigateAfter } from "./link-tracking.ts";
import { forwardEvent } from "./third-party.ts";

type Properties = Record<string, string | number | boolean | null>;

const ENDPOINT = "/v1/events";
const FLUSH_DELAY_MS = 2_000;
const MAX_BATCH = 20;
const ANON_KEY = "lumen-anonymous-id";

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let anonymousId: string | undefined;

/**
 * This browser's anonymous id, made on first use: analytics events carry it, and experiments
 * bucket a visitor by it (features/experiments/visitor-id.ts). Logout forgets it.
 */
export function getAnonymousId(): string {
  if (anonymousId) return anonymousId;
  try {
    anonymousId = localStorage.getItem(ANON_KEY) ?? undefined;
    if (!anonymousId) {
      anonymousId = crypto.randomUUID();
      localStorage.setItem(ANON_KEY, anonymousId);
    }
  } catch {
    anonymousId ??= crypto.randomUUID();
  }
  return anonymousId;
}

/** Forgets the analytics identity (on logout, spec section 4). */
export function resetAnalyticsIdentity(): void {
  anonymousId = undefined;
  try {
    localStorage.removeItem(ANON_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

function takeBatch(): AnalyticsEvent[] {
  const batch = queue.slice(0, MAX_BATCH * 5);
  queue = queue.slice(batch.length);
  return batch;
}

function send(events: AnalyticsEvent[], useBeacon: boolean): Promise<unknown> {
  const sending: Promise<unknown>[] = [];
  for (let i = 0; i < events.length; i += 100) {
    const body = JSON.stringify({ events: events.slice(i, i + 100) });
    if (
      useBeacon &&
      navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: "application/json" }))
    ) {
      continue;
    }
    sending.push(
      apiFetch(ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {
        // Analytics is best effort: a lost batch must never disturb the learner.
      }),
    );
  }
  return Promise.all(sending);
}

/** Sends what is queued now; settles when it has left (or failed). */
export function flush(options: { beacon?: boolean } = {}): Promise<unknown> {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (queue.length === 0) return Promise.resolve();
  const sent = send(takeBatch(), options.beacon ?? false);
  if (queue.length > 0) schedule();
  return sent;
}

function schedule(): void {
  timer ??= setTimeout(() => {
    timer = undefined;
    void flush();
  }, FLUSH_DELAY_MS);
}

export function track(name: AnalyticsEventName, properties: Properties = {}): void {
  queue.push({
    name,
    properties,
    at: new Date().toISOString(),
    anonymousId: getAnonymousId(),
    path: location.pathname + location.search,
  });
  forwardEvent(config, name, properties);
  if (queue.length >= MAX_BATCH) void flush();
  else schedule();
}

/**
 * Tracks a click on a link that leaves the app, then navigates: as soon as the event is sent, and
 * after 700 ms at most (link-tracking.ts).
 */
export function trackOutboundLink(
  name: AnalyticsEventName,
  properties: Properties,
  navigate: () => void,
): void {
  track(name, properties);
  navigateAfter({ sent: flush(), navigate });
}

let installed = false;
/** Sends what is queued when the page is hidden or unloaded. */
export function installAnalyticsUnloadHandler(): void {
  if (installed) return;
  installed = true;
  const leave = () => void flush({ beacon: true });
  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leave();
  });
}
