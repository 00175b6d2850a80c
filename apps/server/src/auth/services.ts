/**
 * The identity provider's long-lived parts for one app: the provider itself (built-in-provider.ts,
 * or firebase/firebase-provider.ts with AUTH_PROVIDER=firebase, behind identity-provider.ts),
 * signing keys, cookie keys, the rate limiter and the mailer. createApp builds them once into
 * AppDeps (`deps.auth`); keys load on first use, Redis connects on first use, and every request
 * shares them. The rate limits' store (the database, or Redis when configured) also counts the
 * public monitoring beacons (observability/ingest-limit.ts), so every limit holds across server
 * processes.
 */

import type { Database } from "@lumen/db";
import { Redis } from "ioredis";
import type { Env } from "../env.ts";
import { createBuiltInProvider } from "./built-in-provider.ts";
import { createFirebaseProvider } from "./firebase/firebase-provider.ts";
import type { IdentityProvider } from "./identity-provider.ts";
import { type Mailer, outboxMailer, smtpMailer } from "./mailer.ts";
import { createOidcService, type OidcService } from "./oidc/oidc-service.ts";
import {
  createRateLimiter,
  databaseRateLimitStore,
  RATE_LIMITS,
  type RateLimiter,
  type RateLimitStore,
  redisRateLimitStore,
} from "./rate-limit.ts";
import { loadCookieKeys } from "./session-cookie.ts";
import { type KeyRing, loadKeyRing } from "./signing-keys.ts";

export interface AuthServices {
  /** Who issues the product's sessions: the built-in provider unless configured otherwise. */
  identity: IdentityProvider;
  /** "Continue with …" providers (OIDC_PROVIDERS): none unless configured. */
  oidc: OidcService;
  keys(): Promise<KeyRing>;
  cookieKeys(): Promise<string[]>;
  limiter: RateLimiter;
  /** Where the limiter counts: shared by every process on the same database or Redis. */
  rateLimitStore: RateLimitStore;
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
  const rateLimitStore = redis ? redisRateLimitStore(redis) : databaseRateLimitStore(database.db);
  const limiter = createRateLimiter(rateLimitStore, {
    ...RATE_LIMITS,
    aiMessagePerAccount: {
      ...RATE_LIMITS.aiMessagePerAccount,
      limit: env.AI_RATE_LIMIT_PER_MINUTE,
    },
  });
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db);
  // A failed load is not cached: the next request tries again (the database may be back).
  const once = <T>(load: () => Promise<T>, reset: () => void) =>
    load().catch((error: unknown) => {
      reset();
      throw error;
    });
  const keys = () => {
    keyRing ??= once(
      () => loadKeyRing(database.db),
      () => {
        keyRing = undefined;
      },
    );
    return keyRing;
  };
  return {
    identity:
      env.AUTH_PROVIDER === "firebase"
        ? createFirebaseProvider({
            db: database.db,
            limiter,
            // parseEnv refuses AUTH_PROVIDER=firebase without them (auth-options.ts).
            projectId: env.FIREBASE_PROJECT_ID ?? "",
            apiKey: env.FIREBASE_API_KEY ?? "",
            ...(env.FIREBASE_AUTH_EMULATOR_HOST
              ? { emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST }
              : {}),
          })
        : createBuiltInProvider({
            db: database.db,
            keys,
            limiter,
            mailer: () => mailer,
            productName: env.PRODUCT_NAME,
          }),
    oidc: createOidcService(env.OIDC_PROVIDERS ?? []),
    keys,
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
    rateLimitStore,
    mailer,
    async close() {
      mailer.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
