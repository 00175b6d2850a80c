/**
 * The live events' background work (issue 17): every minute, the reminder mails of events that
 * start within a day (commands/live-events/send-event-reminders.ts). The server starts it with
 * the app's other background work; tests call `runOnce` (or the command) with the `now` they want.
 */
import type { Db } from "@lumen/db";
import type { Logger } from "pino";
import type { Mailer } from "../auth/mailer.ts";
import { sendEventReminders } from "../commands/live-events/send-event-reminders.ts";
import type { Env } from "../env.ts";

export interface ReminderService {
  /** One run now; resolves with the number of mails sent. Runs never overlap. */
  runOnce(options?: { origin?: string }): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

const TICK_MS = 60_000;

/** Where links in a mail sent without a request point: PUBLIC_URL, else this machine. */
export function backgroundOrigin(env: Env): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

export function createReminderService(options: {
  db: Db;
  mailer: () => Mailer;
  env: Env;
  logger: Logger;
  clock: () => Date;
  tickMs?: number;
}): ReminderService {
  const { db, env, logger, clock } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let closed = false;

  const runOnce = (run: { origin?: string } = {}) => {
    running = running
      .catch(() => 0)
      .then(() =>
        sendEventReminders({
          db,
          mailer: options.mailer(),
          now: clock(),
          origin: run.origin ?? backgroundOrigin(env),
          productName: env.PRODUCT_NAME,
          logger,
        }),
      );
    return running;
  };

  return {
    runOnce,
    start() {
      if (timer || closed) return;
      const tick = async () => {
        try {
          const sent = await runOnce();
          if (sent > 0) logger.info({ sent }, "event reminders sent");
        } catch (error) {
          logger.error({ err: error }, "event reminders failed; the next tick tries again");
        }
      };
      void tick();
      timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running.catch(() => 0);
    },
  };
}
