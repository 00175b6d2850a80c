/**
 * The code checks the server runs for learners (lesson completions and syncs): learners' fair
 * shares (check-scheduler.ts) in front of the sandbox pool in this process, or of a BullMQ queue
 * when CHECK_QUEUE_URL names one. Code posted by a user runs only in the sandbox: on a machine
 * without one, `run` answers `undefined` and the completion is recorded unverified (ADR 0018).
 */
import os from "node:os";
import type { RunRequest, RunResult } from "@lumen/contracts";
import type { NodeRunners } from "@lumen/runners/node";
import {
  createSandboxedRunners,
  type SandboxSupport,
  sandboxSupport,
} from "@lumen/runners/sandbox";
import type { Worker } from "bullmq";
import type { Logger } from "pino";
import type { Env } from "../env.ts";
import { createQueueExecutor, type QueueExecutor, startQueueWorker } from "./bullmq-executor.ts";
import { type CheckExecutor, type CheckLimits, CheckScheduler } from "./check-scheduler.ts";

export interface CheckStatus {
  /** "sandboxed": checks run; "unverified": no sandbox here, completions are not checked. */
  mode: "sandboxed" | "unverified";
  sandbox: SandboxSupport;
  queue: "in-process" | "bullmq";
  running: number;
  waiting: number;
}

export interface CheckService {
  /** Starts the sandbox (or learns it is missing) and the queue; safe to call more than once. */
  start(): Promise<CheckStatus>;
  status(): CheckStatus | undefined;
  /** The learner's check in their turn; `undefined` when this server cannot verify code. */
  run(
    learnerId: string,
    request: RunRequest,
    options?: { deadline?: number },
  ): Promise<RunResult | undefined>;
  dispose(): Promise<void>;
}

export interface CheckServiceOptions {
  env: Pick<Env, "RUNNER_SANDBOX" | "RUNNER_POOL_SIZE" | "CHECK_QUEUE_URL" | "CHECK_WORKER">;
  logger: Logger;
  limits?: CheckLimits;
  /** Tests: runners to use instead of the sandbox pool (still behind the scheduler). */
  runners?: NodeRunners;
  queueName?: string;
  /** Tests: what the machine can do, instead of probing it (a machine without a sandbox). */
  probe?: () => Promise<SandboxSupport>;
}

export class SandboxRequiredError extends Error {}

export function createCheckService(options: CheckServiceOptions): CheckService {
  const { env, logger } = options;
  const size = env.RUNNER_POOL_SIZE ?? Math.max(1, os.availableParallelism());
  let started: Promise<CheckStatus> | undefined;
  let scheduler: CheckScheduler | undefined;
  let status: CheckStatus | undefined;
  let pool: NodeRunners | undefined;
  let queue: QueueExecutor | undefined;
  let worker: Worker | undefined;

  const start = async (): Promise<CheckStatus> => {
    // A server that only enqueues runs no code itself: the workers elsewhere have the sandbox.
    const enqueueOnly = Boolean(env.CHECK_QUEUE_URL) && !env.CHECK_WORKER;
    let sandbox: SandboxSupport;
    if (options.runners) {
      pool = options.runners;
      sandbox = { available: true, mechanism: "bubblewrap", network: "none", user: "own-uid" };
    } else if (enqueueOnly) {
      sandbox = await (options.probe ?? sandboxSupport)();
    } else {
      const made = await createSandboxedRunners({
        size,
        preload: ["python", "javascript", "page", "sql"],
        onLog: (line) => logger.warn({ sandbox: line }, "sandbox"),
        probe: options.probe,
      });
      sandbox = made.support;
      pool = made.runners;
    }
    if (!sandbox.available && !enqueueOnly) {
      const message = `No sandbox for code checks: this machine lacks ${sandbox.missing}. Completions are recorded from the browser's verdict and marked unverified.`;
      if (env.RUNNER_SANDBOX === "required") throw new SandboxRequiredError(message);
      logger.warn(message);
    } else {
      logger.info(
        { sandbox, poolSize: pool ? size : 0, enqueueOnly },
        "code checks run in the sandbox",
      );
    }
    let executor: CheckExecutor | undefined;
    if (env.CHECK_QUEUE_URL && (pool || enqueueOnly)) {
      queue = createQueueExecutor({
        url: env.CHECK_QUEUE_URL,
        capacity: size,
        queueName: options.queueName,
      });
      executor = queue;
      if (env.CHECK_WORKER && pool) {
        worker = startQueueWorker({
          url: env.CHECK_QUEUE_URL,
          runners: pool,
          concurrency: size,
          queueName: options.queueName,
        });
      }
    } else if (pool) {
      const runners = pool;
      executor = { run: (request) => runners.run(request), capacity: () => size };
    }
    if (executor) scheduler = new CheckScheduler(executor, options.limits);
    status = {
      mode: executor ? "sandboxed" : "unverified",
      sandbox,
      queue: env.CHECK_QUEUE_URL ? "bullmq" : "in-process",
      running: 0,
      waiting: 0,
    };
    return status;
  };

  return {
    start() {
      started ??= start();
      return started;
    },
    status: () => status && { ...status, ...(scheduler?.stats() ?? {}) },
    async run(learnerId, request, runOptions) {
      started ??= start();
      await started;
      if (!scheduler) return undefined;
      return scheduler.submit(learnerId, request, runOptions);
    },
    async dispose() {
      const current = started;
      started = undefined;
      await current?.catch(() => undefined);
      await Promise.allSettled([worker?.close(), queue?.close(), pool?.dispose()]);
      scheduler = undefined;
    },
  };
}
