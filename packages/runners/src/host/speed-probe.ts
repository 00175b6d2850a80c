/**
 * The speed probe every browser sandbox (the Python, SQL and JavaScript workers, the page frame)
 * runs as it starts, before its "ready": a fixed workload whose time says how fast this device
 * is (time-limit.ts turns it into a run's limit, ADR 0023). Sorting a typed array runs in the
 * engine's own compiled code, so the figure does not depend on how far the JIT has got, and it
 * allocates nothing while timed.
 */

/** About 1.1 ms a sample on the reference machine: long against the timer's 0.1 ms steps. */
const PROBE_VALUES = 16_384;
/**
 * The pause before each sample of a spaced measure. A thread that has just slept gets the CPU
 * first and a fresh time slice, so a sample taken then is rarely cut by other work on a busy
 * machine, while a slow device reads slow every time.
 */
const GAP_MS = 2;

let values: Float64Array | undefined;

/** One sort of the probe's values, in ms. */
function sample(): number {
  if (!values) {
    values = new Float64Array(PROBE_VALUES);
    let seed = 1;
    for (let i = 0; i < values.length; i++) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) | 0;
      values[i] = seed;
    }
  }
  const copy = values.slice();
  const started = performance.now();
  copy.sort();
  return performance.now() - started;
}

const rounded = (ms: number) => Math.round(ms * 1000) / 1000;

/** One sample, at once: for the page frame, made for one run that waits for its "ready". */
export function measureSpeed(): number {
  return rounded(sample());
}

/**
 * The fastest of `samples` samples, each after a short pause: for the workers, which start ahead
 * of their runs (Python and SQL stay warm for many runs; JavaScript's spares wait for one).
 */
export async function measureSpeedSpaced(samples = 3): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples; i++) {
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    best = Math.min(best, sample());
  }
  return rounded(best);
}
