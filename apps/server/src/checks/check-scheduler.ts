/**
 * Fair shares of the code checks (issue 11 part 3). Every learner's checks wait in a queue of
 * their own, and a free runner takes the next check of the learner served longest ago, so a
 * learner with a hundred endless loops waits behind their own loops, not in front of anyone's.
 * - a learner has at most `perLearnerRunning` checks running and `perLearnerWaiting` waiting;
 * - at most `waiting` checks wait in all;
 * past either, `submit` refuses at once with a time to come back (the route answers 429 with
 * Retry-After); a check whose deadline passes while it waits is dropped and reported as such.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";

export interface CheckExecutor {
  run(request: RunRequest): Promise<RunResult>;
  /** How many checks may run at once (the sandbox pool's size, or the queue's workers). */
  capacity(): number;
}

export interface CheckLimits {
  perLearnerRunning: number;
  perLearnerWaiting: number;
  waiting: number;
}

export const DEFAULT_CHECK_LIMITS: CheckLimits = {
  perLearnerRunning: 1,
  perLearnerWaiting: 4,
  waiting: 200,
};

/** The check was refused because too many are waiting; come back after `retryAfterSeconds`. */
export class ChecksBusyError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly scope: "learner" | "server",
  ) {
    super(
      scope === "learner"
        ? "You have too many code checks waiting. Wait for them to finish, then try again."
        : "The server is checking a lot of code right now. Try again in a moment.",
    );
    this.name = "ChecksBusyError";
  }
}

/** The check's deadline passed before a runner was free: it never ran. */
export class CheckDeadlineError extends Error {
  constructor() {
    super("The check did not start before its deadline.");
    this.name = "CheckDeadlineError";
  }
}

interface Job {
  learnerId: string;
  request: RunRequest;
  resolve(result: RunResult): void;
  reject(error: unknown): void;
  timer?: ReturnType<typeof setTimeout>;
}

/** Seconds a typical check takes, for the Retry-After estimate (the server limit is 5 s). */
const TYPICAL_CHECK_SECONDS = 1;

export class CheckScheduler {
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Map<string, number>();
  /** Learners with waiting checks, in the order they started waiting. */
  private turn: string[] = [];
  /** When each learner's last check started (a counter): the longest-unserved goes first. */
  private readonly lastServed = new Map<string, number>();
  private tick = 0;
  private waitingCount = 0;
  private runningCount = 0;

  constructor(
    private readonly executor: CheckExecutor,
    private readonly limits: CheckLimits = DEFAULT_CHECK_LIMITS,
  ) {}

  stats() {
    return { running: this.runningCount, waiting: this.waitingCount, learners: this.turn.length };
  }

  private retryAfter(): number {
    const capacity = Math.max(1, this.executor.capacity());
    return Math.max(1, Math.ceil(((this.waitingCount + 1) / capacity) * TYPICAL_CHECK_SECONDS));
  }

  /** Runs the check in the learner's turn; `deadline` is a time (ms since epoch) to start by. */
  submit(learnerId: string, request: RunRequest, options: { deadline?: number } = {}) {
    const queue = this.queues.get(learnerId) ?? [];
    if (queue.length >= this.limits.perLearnerWaiting) {
      return Promise.reject(new ChecksBusyError(this.retryAfter(), "learner"));
    }
    if (this.waitingCount >= this.limits.waiting) {
      return Promise.reject(new ChecksBusyError(this.retryAfter(), "server"));
    }
    return new Promise<RunResult>((resolve, reject) => {
      const job: Job = { learnerId, request, resolve, reject };
      if (options.deadline !== undefined) {
        const wait = Math.max(0, options.deadline - Date.now());
        job.timer = setTimeout(() => this.expire(job), wait);
        job.timer.unref?.();
      }
      queue.push(job);
      this.queues.set(learnerId, queue);
      if (queue.length === 1) this.turn.push(learnerId);
      this.waitingCount++;
      this.dispatch();
    });
  }

  private expire(job: Job) {
    const queue = this.queues.get(job.learnerId);
    const index = queue?.indexOf(job) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    this.waitingCount--;
    if (queue.length === 0) this.forget(job.learnerId);
    job.reject(new CheckDeadlineError());
  }

  private forget(learnerId: string) {
    this.queues.delete(learnerId);
    this.turn = this.turn.filter((id) => id !== learnerId);
  }

  /** The waiting learner served longest ago (never served first), below their running limit. */
  private next(): string | undefined {
    let best: string | undefined;
    for (const id of this.turn) {
      if ((this.running.get(id) ?? 0) >= this.limits.perLearnerRunning) continue;
      if (best === undefined || (this.lastServed.get(id) ?? 0) < (this.lastServed.get(best) ?? 0)) {
        best = id;
      }
    }
    return best;
  }

  private dispatch() {
    while (this.runningCount < this.executor.capacity()) {
      const learnerId = this.next();
      if (learnerId === undefined) return;
      const queue = this.queues.get(learnerId)!;
      const job = queue.shift()!;
      this.waitingCount--;
      if (queue.length === 0) this.forget(learnerId);
      this.lastServed.set(learnerId, ++this.tick);
      this.start(job);
    }
  }

  private start(job: Job) {
    if (job.timer) clearTimeout(job.timer);
    this.runningCount++;
    this.running.set(job.learnerId, (this.running.get(job.learnerId) ?? 0) + 1);
    this.executor
      .run(job.request)
      .then(job.resolve, job.reject)
      .finally(() => {
        this.runningCount--;
        const left = (this.running.get(job.learnerId) ?? 1) - 1;
        if (left > 0) this.running.set(job.learnerId, left);
        else this.running.delete(job.learnerId);
        // A learner with nothing running or waiting is forgotten: the map stays small.
        if (left <= 0 && !this.queues.has(job.learnerId)) this.lastServed.delete(job.learnerId);
        this.dispatch();
      });
  }
}
