/**
 * Times back-to-back runs for the playground's Measure button: the wall time of each call, as a
 * learner pressing Run again and again would feel it, summarised as median, fastest and slowest.
 */
export interface Measurement {
  runs: number;
  /** Idle time before each run; 0 means back to back. */
  pauseMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * `pauseMs` leaves that much idle time before each run (not timed), as a learner reading the
 * output before pressing Run again does: the runtime is warm and ready when the run starts.
 */
export async function measureRuns<T>(
  runs: number,
  once: () => Promise<T>,
  now: () => number = () => performance.now(),
  pauseMs = 0,
): Promise<{ measurement: Measurement; last: T }> {
  if (runs < 1) throw new RangeError("Measure at least one run.");
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const started = now();
    last = await once();
    times.push(now() - started);
  }
  return {
    measurement: {
      runs,
      pauseMs,
      medianMs: median(times),
      minMs: Math.min(...times),
      maxMs: Math.max(...times),
    },
    last: last as T,
  };
}
