/**
 * Checks on a BullMQ queue in Redis (CHECK_QUEUE_URL), so that check workers can run on other
 * machines (`npm run check-worker`). The web server still applies the learners' fair shares
 * before a check is queued; a worker runs each job in its own sandbox pool and answers with the
 * result contract, which the server parses again (a worker is trusted no more than a sandbox).
 */
import { type RunRequest, type RunResult, runResultSchema } from "@lumen/contracts";
import type { NodeRunners } from "@lumen/runners/node";
import { type Job, Queue, QueueEvents, Worker } from "bullmq";
import type { CheckExecutor } from "./check-scheduler.ts";

export const CHECK_QUEUE_NAME = "lumen-checks";

/** Time a queued check may take, end to end, before the server gives up on it. */
const JOB_TTL_MS = 60_000;

function connection(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined,
    tls: parsed.protocol === "rediss:" ? {} : undefined,
    // BullMQ's workers block on Redis; this keeps a lost connection from failing them.
    maxRetriesPerRequest: null,
  };
}

export interface QueueExecutor extends CheckExecutor {
  close(): Promise<void>;
}

export function createQueueExecutor(options: {
  url: string;
  /** Checks that may run at once across the workers: the scheduler's capacity. */
  capacity: number;
  queueName?: string;
}): QueueExecutor {
  const name = options.queueName ?? CHECK_QUEUE_NAME;
  const queue = new Queue(name, { connection: connection(options.url) });
  const events = new QueueEvents(name, { connection: connection(options.url) });
  const eventsReady = events.waitUntilReady();
  return {
    capacity: () => options.capacity,
    async run(request: RunRequest): Promise<RunResult> {
      await eventsReady;
      const job = await queue.add("check", request, {
        removeOnComplete: true,
        removeOnFail: true,
        attempts: 1,
      });
      const answer = await job.waitUntilFinished(events, JOB_TTL_MS);
      return runResultSchema.parse(answer);
    },
    async close() {
      await Promise.allSettled([events.close(), queue.close()]);
    },
  };
}

/** A worker that takes checks from the queue and runs each in the sandbox pool it is given. */
export function startQueueWorker(options: {
  url: string;
  runners: NodeRunners;
  concurrency: number;
  queueName?: string;
}): Worker {
  return new Worker(
    options.queueName ?? CHECK_QUEUE_NAME,
    async (job: Job) => options.runners.run(job.data as RunRequest),
    { connection: connection(options.url), concurrency: options.concurrency },
  );
}
