/**
 * The identity provider's long-lived parts for one app: signing keys, cookie keys, the rate
 * limiter and the mailer. createApp builds them once into AppDeps (`deps.auth`); keys load on
 * first use, Redis connects on first use, and every request shares them.
 */

import type { Database } from "@lumen/db";
import { Redis } from "ioredis";
import type { Env } from "../env.ts";
import { type Mailer, outboxMailer, smtpMailer } from "./mailer.ts";
import {
  createRateLimiter,
  databaseRateLimitStore,
  type RateLimiter,
  redisRateLimitStore,
} from "./rate-limit.ts";
import { loadCookieKeys } from "./session-cookie.ts";
import { type KeyRing, loadKeyRing } from "./signing-keys.ts";

export interface AuthServices {
  keys(): Promise<KeyRing>;
  cookieKeys(): Promise<string[]>;
  limiter: RateLimiter;
  mailer: Mailer;
  close(): Promise<void>;
}

export function createAuthServices({
  database,
  env,
}: {
  database: Database;
  env: Env;
}): AuthServices {
  let keyRing: Promise<KeyRing> | undefined;
  let cookieKeys: Promise<string[]> | undefined;
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : undefined;
  const limiter = createRateLimiter(
    redis ? redisRateLimitStore(redis) : databaseRateLimitStore(database.db),
  );
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db);
  // A failed load is not cached: the next request tries again (the database may be back).
  const once = <T>(load: () => Promise<T>, reset: () => void) =>
    load().catch((error: unknown) => {
      reset();
      throw error;
    });
  return {
    keys: () => {
      keyRing ??= once(
        () => loadKeyRing(database.db),
        () => {
          keyRing = undefined;
        },
      );
      return keyRing;
    },
    cookieKeys: () => {
      cookieKeys ??= once(
        () => loadCookieKeys(database.db, env.COOKIE_KEYS),
        () => {
          cookieKeys = undefined;
        },
      );
      return cookieKeys;
    },
    limiter,
    mailer,
    async close() {
      mailer.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
