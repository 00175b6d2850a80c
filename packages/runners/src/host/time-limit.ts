/**
 * The time limit a browser run gets on this device (ADR 0023). Every sandbox measures the speed
 * probe (speed-probe.ts) as it starts and reports the figure with its "ready"; a run's limit is
 * the learner's limit stretched by how much slower than the reference machine the device
 * measured, up to MAX_STRETCH, so that a slow phone gets as much work done as our CI machine in
 * the learner's limit, and an endless loop still stops within 3 s on a 4× slower device.
 */

/**
 * The probe's figure on the reference machine (our 2-core CI machine, whose speed the 1 s limit
 * was set on): 1.0–1.2 ms idle, with a margin so that this machine reads no slowness.
 */
export const PROBE_REFERENCE_MS = 1.25;
/**
 * The most a limit is stretched: 2.5 s for the 1 s limit, so that on a 4× slower device an
 * endless loop is stopped, and its message shown, within 3 s of its start.
 */
export const MAX_STRETCH = 2.5;
/** Figures the gauge keeps: its answer is their best, so one preempted probe does not count. */
export const SPEED_SAMPLES = 5;
/**
 * How long a sandbox may take to start the learner's code once it has the program (its
 * "started" message). Starting is not the learner's code: past this the run fails as the
 * runtime's fault, never as a timeout.
 */
export const START_LIMIT_MS = 20_000;
/** What a run that never started says (JavaScript and page runners). */
export const NOT_STARTED_MESSAGE = "The code runner did not start your code. Run it again.";

/** How many times slower than the reference machine a probe figure says (1: as fast or faster). */
export function stretchFor(probeMs: number | undefined): number {
  if (probeMs === undefined || !Number.isFinite(probeMs) || probeMs <= 0) return 1;
  return Math.min(MAX_STRETCH, Math.max(1, probeMs / PROBE_REFERENCE_MS));
}

/** The limit a run gets: the learner's limit, stretched for a slow device, within the cap. */
export function effectiveLimitMs(limitMs: number, stretch: number): number {
  const bounded = Number.isFinite(stretch) ? Math.min(MAX_STRETCH, Math.max(1, stretch)) : 1;
  return Math.round(limitMs * bounded);
}

/**
 * The device's speed from the latest probe figures of its sandboxes. The best of the last few
 * counts: a probe preempted by other work reads slow, while a slow device reads slow every time.
 */
export class SpeedGauge {
  private readonly figures: number[] = [];

  record(probeMs: unknown): void {
    if (typeof probeMs !== "number" || !Number.isFinite(probeMs) || probeMs <= 0) return;
    this.figures.push(probeMs);
    if (this.figures.length > SPEED_SAMPLES) this.figures.shift();
  }

  /** The best recent figure, or undefined before any sandbox reported one. */
  best(): number | undefined {
    return this.figures.length ? Math.min(...this.figures) : undefined;
  }

  stretch(): number {
    return stretchFor(this.best());
  }
}

/**
 * The page's one gauge: the device is the same for every runner family. Node runners never feed
 * it (their workers report no figure), so their limits are never stretched.
 */
export const deviceSpeed = new SpeedGauge();
