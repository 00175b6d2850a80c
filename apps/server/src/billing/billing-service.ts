/**
 * Billing's long-lived part for one app (AppDeps.billing): the provider, the prices, and the
 * worker that applies stored webhook events. A webhook `kick`s it and is answered at once; the
 * server `start`s it, which works off what a crash left and then looks again every minute (and,
 * for the local provider, renews and ends subscriptions whose period is over). `drain` waits
 * until nothing is left that can be done now (tests, the local checkout).
 */
import { type Database, type Db, sql } from "@lumen/db";
import type { Logger } from "pino";
import { type ProcessedCount, processBillingEvents } from "../commands/process-billing-events.ts";
import type { Env } from "../env.ts";
import { renewLocalSubscriptions } from "./local-renewals.ts";
import { parsePlanPrices, type SoldPrices } from "./plan-prices.ts";
import type { BillingProvider } from "./provider.ts";
import { createBillingProvider } from "./provider-factory.ts";

export interface BillingService {
  provider: BillingProvider;
  prices: SoldPrices;
  currency: string;
  graceDays: number;
  trialDays: number;
  /** Starts working off pending events in the background. */
  kick(): void;
  /** Works off every pending event that can be done now; resolves with what the last run did. */
  drain(): Promise<ProcessedCount>;
  /** The start-up run and the timer (the server calls this; tests drain instead). */
  start(): void;
  close(): Promise<void>;
  /**
   * Runs `work` for one user at a time (checkout, payment), across server processes on
   * PostgreSQL, where `work` gets a transaction that holds the user's advisory lock: its writes
   * commit together, and it needs no second connection while it waits on the provider.
   */
  serialize<T>(userId: string, work: (db: Db) => Promise<T>): Promise<T>;
}

export interface BillingServiceOptions {
  database: Database;
  env: Env;
  logger: Logger;
  clock: () => Date;
  /** A provider made elsewhere (tests); made from the settings otherwise. */
  provider?: BillingProvider;
  /** Work for each timer tick; the local provider's renewals by default. */
  onTick?: (service: BillingService) => Promise<void>;
  tickMs?: number;
}

const TICK_MS = 60_000;

export function createBillingService(options: BillingServiceOptions): BillingService {
  const { database, env, logger, clock } = options;
  const provider = options.provider ?? createBillingProvider({ env, db: database.db, clock });
  let running: Promise<ProcessedCount> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const userLocks = new Map<string, Promise<unknown>>();
  const onTick =
    options.onTick ??
    (provider.name === "local"
      ? async (service: BillingService) => {
          await renewLocalSubscriptions({
            billing: service,
            db: database.db,
            now: clock(),
            logger,
          });
        }
      : undefined);

  const run = async (): Promise<ProcessedCount> => {
    let last: ProcessedCount = { applied: 0, failed: 0 };
    do {
      again = false;
      last = await processBillingEvents({ db: database.db, now: clock, logger });
    } while (again && !closed);
    return last;
  };
  const loop = (): Promise<ProcessedCount> => {
    again = true;
    running ??= run()
      .catch((error: unknown) => {
        logger.error({ err: error }, "billing events could not be read; the next run tries again");
        return { applied: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const service: BillingService = {
    provider,
    prices: parsePlanPrices(env.PLAN_PRICES),
    currency: env.BILLING_CURRENCY,
    graceDays: env.BILLING_GRACE_DAYS,
    trialDays: env.BILLING_TRIAL_DAYS,
    kick: () => {
      if (!closed) void loop();
    },
    drain: () => loop(),
    start() {
      if (timer || closed) return;
      const tick = async () => {
        try {
          await onTick?.(service);
        } catch (error) {
          logger.error({ err: error }, "billing timer work failed; the next tick tries again");
        }
        await loop();
      };
      void tick();
      timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    },
    async serialize(userId, work) {
      const before = userLocks.get(userId) ?? Promise.resolve();
      const mine = before.then(async () => {
        // PGlite is one process with one connection: the queue above is the whole lock.
        if (database.kind !== "postgres") return work(database.db);
        return database.db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`lumen-billing:${userId}`}))`,
          );
          return work(tx as unknown as Db);
        });
      });
      const settled = mine.catch(() => {});
      userLocks.set(userId, settled);
      try {
        return await mine;
      } finally {
        if (userLocks.get(userId) === settled) userLocks.delete(userId);
      }
    },
  };
  return service;
}
