/**
 * Checks on a BullMQ queue in the machine's Redis (CHECK_QUEUE_URL), as when check workers run
 * on other machines: a web server that only enqueues, a worker with a sandbox pool of its own,
 * and the learners' fair shares still applied before anything is queued.
 */
import { randomUUID } from "node:crypto";
import { lazySandboxedRunners } from "@lumen/runners/sandbox";
import type { Worker } from "bullmq";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startQueueWorker } from "./bullmq-executor.ts";
import { ChecksBusyError } from "./check-scheduler.ts";
import { type CheckService, createCheckService } from "./check-service.ts";

const REDIS = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const queueName = `lumen-checks-test-${randomUUID()}`;
const workerRunners = lazySandboxedRunners({ size: 1 });
let worker: Worker;
let web: CheckService;

const js = (content: string) => ({
  language: "javascript" as const,
  files: [{ name: "index.js", content }],
  timeoutMs: 1_000,
});

beforeAll(async () => {
  worker = startQueueWorker({ url: REDIS, runners: workerRunners, concurrency: 1, queueName });
  web = createCheckService({
    env: {
      RUNNER_SANDBOX: "auto",
      RUNNER_POOL_SIZE: 1,
      CHECK_QUEUE_URL: REDIS,
      CHECK_WORKER: false,
    },
    logger: pino({ level: "silent" }),
    queueName,
    limits: { perLearnerRunning: 1, perLearnerWaiting: 1, waiting: 10 },
  });
  expect(await web.start()).toMatchObject({ mode: "sandboxed", queue: "bullmq" });
}, 60_000);

afterAll(async () => {
  await web.dispose();
  await worker.close();
  await workerRunners.dispose();
});

describe("checks through the BullMQ queue", () => {
  it("runs a learner's check on the worker's sandbox and answers the result contract", async () => {
    const result = await web.run("learner-a", js('console.log("hello from the queue")'));
    expect(result).toMatchObject({
      status: "passed",
      console: [{ stream: "stdout", text: "hello from the queue" }],
    });
  });

  it("reports an endless loop as a timeout, and the worker runs the next check", async () => {
    expect((await web.run("learner-a", js("for (;;) {}")))?.status).toBe("timeout");
    expect((await web.run("learner-a", js("console.log(1)")))?.status).toBe("passed");
  });

  it("still gives each learner a fair share before anything is queued", async () => {
    const running = web.run("learner-b", js("for (;;) {}"));
    const waiting = web.run("learner-b", js("console.log(2)"));
    const refused = await web.run("learner-b", js("console.log(3)")).catch((e) => e);
    expect(refused).toBeInstanceOf(ChecksBusyError);
    expect((await running)?.status).toBe("timeout");
    expect((await waiting)?.status).toBe("passed");
  });
});
