/**
 * `npm run check-worker`: a process that takes learners' code checks from the BullMQ queue named
 * by CHECK_QUEUE_URL and runs each in a sandbox pool of its own, so that checks can run on other
 * machines than the web server's (issue 11 part 3, ADR 0018). It refuses to start without a
 * working sandbox: a worker exists only to run code posted by users.
 */
import { lazySandboxedRunners, sandboxSupport } from "@lumen/runners/sandbox";
import pino from "pino";
import { startQueueWorker } from "./checks/bullmq-executor.ts";
import { parseEnv } from "./env.ts";

const env = parseEnv(process.env);
const logger = pino({ level: env.LOG_LEVEL, base: { service: "lumen-check-worker" } });
if (!env.CHECK_QUEUE_URL) {
  logger.fatal("Set CHECK_QUEUE_URL (redis://host:6379) to the queue the web server uses.");
  process.exit(1);
}
const support = await sandboxSupport();
if (!support.available) {
  logger.fatal(`No sandbox on this machine: it lacks ${support.missing}.`);
  process.exit(1);
}
const size = env.RUNNER_POOL_SIZE ?? 2;
const runners = lazySandboxedRunners({ size, preload: ["python", "javascript", "page", "sql"] });
await runners.preload();
const worker = startQueueWorker({ url: env.CHECK_QUEUE_URL, runners, concurrency: size });
logger.info({ sandbox: support, concurrency: size }, "check worker ready");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await worker.close();
    await runners.dispose();
    process.exit(0);
  });
}
