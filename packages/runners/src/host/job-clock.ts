/**
 * The clock of one run's time limit, shared by every browser and Node runner: it counts from
 * start(), when the sandbox says the learner's code has started (ADR 0023), and stands still
 * while held (the learner typing an answer) and while the runtime loads (Python importing a
 * module of its library for the first time, within LOADING_ALLOWANCE_MS a run).
 */

/**
 * How long, in all, one job's clock may stand still while the runtime loads (Python loading a
 * module of its library for the first time). Learner code can ask for the pause too; past this
 * the clock runs whatever the worker says, so an endless loop is still stopped.
 */
export const LOADING_ALLOWANCE_MS = 10_000;

export class JobClock {
  /** The limit ran out (the run is being stopped). */
  expired = false;
  private started = false;
  private remaining = 0;
  private armedAt = 0;
  private limit: ReturnType<typeof setTimeout> | undefined;
  private holds = 0;
  private allowance = LOADING_ALLOWANCE_MS;
  private loadingSince: number | undefined;
  private loadingEnd: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onExpired: () => void) {}

  /** Starts counting `limitMs` (only the first call counts). */
  start(limitMs: number): void {
    if (this.started) return;
    this.started = true;
    this.remaining = limitMs;
    if (this.holds === 0) this.arm();
  }

  /** Stops the count until release(); holds nest. */
  hold(): void {
    if (this.holds++ > 0 || !this.started) return;
    clearTimeout(this.limit);
    this.remaining = Math.max(0, this.remaining - (performance.now() - this.armedAt));
  }

  release(): void {
    if (this.holds === 0 || --this.holds > 0 || !this.started) return;
    this.arm();
  }

  /** The runtime loads (true) or is back to the learner's code (false). */
  loading(active: boolean): void {
    if (active && this.loadingSince === undefined && this.allowance > 0) {
      this.loadingSince = performance.now();
      this.hold();
      this.loadingEnd = setTimeout(() => this.loading(false), this.allowance);
    } else if (!active && this.loadingSince !== undefined) {
      clearTimeout(this.loadingEnd);
      this.allowance -= performance.now() - this.loadingSince;
      this.loadingSince = undefined;
      this.release();
    }
  }

  /** The run ended: no timer of this clock fires any more. */
  clear(): void {
    clearTimeout(this.limit);
    clearTimeout(this.loadingEnd);
  }

  private arm(): void {
    this.armedAt = performance.now();
    this.limit = setTimeout(() => {
      this.expired = true;
      this.onExpired();
    }, this.remaining);
  }
}
