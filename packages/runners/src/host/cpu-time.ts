/**
 * Time limits of server runs count what the run could use, not what the clock shows (ADR 0062).
 * On a loaded server (other learners' runs, a CI job beside the tests) a program that needs
 * 0.4 s of CPU can take 6 s by the wall clock; the learner's code is not at fault, so its limit
 * goes on while the process was starved of CPU. It never ends sooner than the wall-clock limit,
 * and never later than STARVED_WALL_CAP times it, so an endless loop is stopped on any machine.
 * Browsers have no CPU clock: there the limit stays the wall clock, stretched for a slow device
 * (time-limit.ts).
 */

/** The most a starved run's limit is drawn out, as a multiple of the limit, by the wall clock. */
export const STARVED_WALL_CAP = 3;
/** The shortest extension, so that a clock that is nearly out is not re-armed in a busy loop. */
export const MIN_EXTENSION_MS = 25;

/** The CPU time this process has used, in ms (every thread: a run's worker is most of it). */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * How much longer a run may go on: 0 when its limit is used up. `cpuMs` is the CPU the process
 * used while the run's clock ran, or undefined where there is no CPU clock.
 */
export function starvedRemainingMs(input: {
  limitMs: number;
  wallMs: number;
  cpuMs: number | undefined;
  cap?: number;
}): number {
  const { limitMs, wallMs, cpuMs, cap = STARVED_WALL_CAP } = input;
  if (wallMs < limitMs) return limitMs - wallMs;
  const capMs = limitMs * cap;
  if (cpuMs === undefined || cpuMs >= limitMs || wallMs >= capMs) return 0;
  return Math.max(MIN_EXTENSION_MS, Math.min(limitMs - cpuMs, capMs - wallMs));
}
