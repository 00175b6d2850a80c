/**
 * Error reporting and performance sampling in the browser (issue 14, ADR 0041), kept off the first
 * load: this module only holds errors thrown before start-up (at most the spec's buffer of 30),
 * then, once the app has drawn and the browser is idle, loads the Sentry client (sentry.ts) and,
 * for a sampled page view (spec section 9: 0.1), the web vitals (vitals.ts).
 */
import { OBSERVABILITY } from "@lumen/core";

/** A test hook: e2e sets this to "1" to sample every page view's vitals. */
export const SAMPLE_RATE_KEY = "lumen.performanceSampleRate";

/** Spec section 8: what to say when an extension blocked the reporting script. */
export const BLOCKED_HINT =
  "Error reporting did not load: a content blocker may have blocked its script.";

const early: unknown[] = [];

// The ignore rules apply when these are replayed (sentry.ts), keeping this module small.
function hold(error: unknown) {
  if (early.length < OBSERVABILITY.bufferSize) early.push(error);
}
const onError = (event: ErrorEvent) => hold(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => hold(event.reason);

function performanceSampleRate(): number {
  try {
    const stored = Number(localStorage.getItem(SAMPLE_RATE_KEY));
    if (stored > 0 && stored <= 1) return stored;
  } catch {
    // Storage can be off; the spec's rate applies.
  }
  return OBSERVABILITY.performanceSampleRate;
}

const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window
    ? window.requestIdleCallback(run, { timeout: 5000 })
    : setTimeout(run, 1000);

let started = false;

/** Installs the early buffer now; call `startReporting` once the app has rendered. */
export function holdEarlyErrors(): void {
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
}

export function startReporting(): void {
  if (started) return;
  started = true;
  whenIdle(() => {
    import("./sentry.ts").then(
      ({ initSentry }) => {
        window.removeEventListener("error", onError);
        window.removeEventListener("unhandledrejection", onRejection);
        initSentry(early.splice(0));
      },
      () => console.warn(BLOCKED_HINT),
    );
    // isSampled (@lumen/core) in one comparison, so that the entry does not carry it.
    if (Math.random() < performanceSampleRate()) {
      import("./vitals.ts").then(
        ({ reportWebVitals }) => reportWebVitals(),
        () => console.warn(BLOCKED_HINT),
      );
    }
  });
}
