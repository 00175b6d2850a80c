/**
 * The clock of one run's time limit, shared by every browser and Node runner: it counts from
 * start(), when the sandbox says the learner's code has started (ADR 0023), and stands still
 * while held (the learner typing an answer) and while the runtime loads (Python importing a
 * module of its library for the first time, within LOADING_ALLOWANCE_MS a run). Given a CPU
 * clock (Node runners), a starved run's limit goes on for the CPU it did not get (cpu-time.ts).
 */
import { starvedRemainingMs } from "./cpu-time.ts";

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
  private limitMs = 0;
  private remaining = 0;
  private armedAt = 0;
  /** Wall and CPU time counted while the clock ran, before the current arming. */
  private wallSpent = 0;
  private cpuSpent = 0;
  private cpuAt = 0;
  private limit: ReturnType<typeof setTimeout> | undefined;
  private holds = 0;
  private allowance = LOADING_ALLOWANCE_MS;
  private loadingSince: number | undefined;
  private loadingEnd: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onExpired: () => void,
    /** The process's CPU time in ms (Node); absent in browsers, where the wall clock counts. */
    private readonly cpuMs?: () => number,
  ) {}

  /** Starts counting `limitMs` (only the first call counts). */
  start(limitMs: number): void {
    if (this.started) return;
    this.started = true;
    this.limitMs = limitMs;
    this.remaining = limitMs;
    if (this.holds === 0) this.arm();
  }

  /** Stops the count until release(); holds nest. */
  hold(): void {
    if (this.holds++ > 0 || !this.started) return;
    clearTimeout(this.limit);
    const ran = performance.now() - this.armedAt;
    this.wallSpent += ran;
    if (this.cpuMs) this.cpuSpent += this.cpuMs() - this.cpuAt;
    this.remaining = Math.max(0, this.remaining - ran);
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
    if (this.cpuMs) this.cpuAt = this.cpuMs();
    this.limit = setTimeout(() => this.fire(), this.remaining);
  }

  private fire(): void {
    const ran = performance.now() - this.armedAt;
    const more = starvedRemainingMs({
      limitMs: this.limitMs,
      wallMs: this.wallSpent + ran,
      cpuMs: this.cpuMs ? this.cpuSpent + this.cpuMs() - this.cpuAt : undefined,
    });
    if (more > 0) {
      this.wallSpent += ran;
      if (this.cpuMs) this.cpuSpent += this.cpuMs() - this.cpuAt;
      this.remaining = more;
      this.arm();
      return;
    }
    this.expired = true;
    this.onExpired();
  }
}
