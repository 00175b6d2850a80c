/**
 * The identity provider's long-lived parts for one app: signing keys, cookie keys, the rate
 * limiter and the mailer. Built once per AppDeps on first use and shared by every request.
 */
import { Redis } from "ioredis";
import type { AppDeps } from "../context.ts";
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

const built = new WeakMap<AppDeps, AuthServices>();

export function createAuthServices(deps: AppDeps): AuthServices {
  const { database, env } = deps;
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

/** The services of this app, built on first use. */
export function authFor(deps: AppDeps): AuthServices {
  let services = built.get(deps);
  if (!services) {
    services = createAuthServices(deps);
    built.set(deps, services);
  }
  return services;
}

/** Closes the services built for deps (Redis connection, SMTP pool), if any were. */
export async function closeAuth(deps: AppDeps): Promise<void> {
  await built.get(deps)?.close();
  built.delete(deps);
}

/** Closes this app's auth services (mail transport, Redis) if they were ever built. */
export async function closeAuthServices(deps: AppDeps): Promise<void> {
  const services = built.get(deps);
  built.delete(deps);
  await services?.close();
}
