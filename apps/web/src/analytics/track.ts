/**
 * Analytics: `track(event, properties)` queues an event (names from spec section 7 only) and
 * sends batches to POST /v1/events. It never blocks the page: sending happens on a timer, off the
 * caller's path; when the tab is hidden or closed, what is queued leaves with sendBeacon.
 */
import type { AnalyticsEvent, AnalyticsEventName } from "@lumen/contracts";

type Properties = Record<string, string | number | boolean | null>;

const ENDPOINT = "/v1/events";
const FLUSH_DELAY_MS = 2_000;
const MAX_BATCH = 20;
const ANON_KEY = "lumen-anonymous-id";

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let anonymousId: string | undefined;

function getAnonymousId(): string {
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

function send(events: AnalyticsEvent[], useBeacon: boolean): void {
  for (let i = 0; i < events.length; i += 100) {
    const body = JSON.stringify({ events: events.slice(i, i + 100) });
    if (
      useBeacon &&
      navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: "application/json" }))
    ) {
      continue;
    }
    fetch(ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => {
      // Analytics is best effort: a lost batch must never disturb the learner.
    });
  }
}

export function flush(options: { beacon?: boolean } = {}): void {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (queue.length === 0) return;
  send(takeBatch(), options.beacon ?? false);
  if (queue.length > 0) schedule();
}

function schedule(): void {
  timer ??= setTimeout(() => {
    timer = undefined;
    flush();
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
  if (queue.length >= MAX_BATCH) flush();
  else schedule();
}

let installed = false;
/** Sends what is queued when the page is hidden or unloaded. */
export function installAnalyticsUnloadHandler(): void {
  if (installed) return;
  installed = true;
  const leave = () => flush({ beacon: true });
  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leave();
  });
}
