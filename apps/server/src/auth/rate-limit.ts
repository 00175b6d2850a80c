/**
 * Fixed-window rate limits for sign-in, sign-up and password reset (issue 3), counted in the
 * database or, when REDIS_URL is set, in Redis, so that the limit holds across server processes.
 * Both stores count atomically: one upsert, or one Lua script.
 */
import { type Db, sql } from "@lumen/db";
import type { Redis } from "ioredis";
import { AuthError } from "./auth-error.ts";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
  // Wrong passwords lock an account out only from the address they came from: the owner's own
  // device still signs in (issue 11 part 4). Many addresses at once meet the per-account limit.
  signInPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  signInPerAccount: { limit: 100, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  actionCodePerIp: { limit: 30, windowMs: 15 * MINUTE },
  // The learner's own account (issue 13), counted per account. A verification mail again at most
  // once a minute and five times an hour; guesses at the current password are as few as sign-in's.
  verifyEmailResend: { limit: 1, windowMs: MINUTE },
  verifyEmailPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  emailChangePerAccount: { limit: 5, windowMs: 60 * MINUTE },
  passwordCheckPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  photoPerAccount: { limit: 20, windowMs: 60 * MINUTE },
  profileWritePerAccount: { limit: 300, windowMs: 15 * MINUTE },
  exportPerAccount: { limit: 10, windowMs: 60 * MINUTE },
  // The onboarding chat's free-text answers, each read by the model (issue 16).
  onboardingTextPerAccount: { limit: 30, windowMs: 60 * MINUTE },
  // Tutor and assistant messages a minute per learner (issue 16); AI_RATE_LIMIT_PER_MINUTE sets it.
  aiMessagePerAccount: { limit: 10, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimitStore {
  /** Counts one attempt under key and answers the count within the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** How long until the key's window ends, for the Retry-After of a refused attempt. */
  retryAfterMs?(key: string): Promise<number | undefined>;
}

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const interval = `${windowMs} milliseconds`;
      const result: unknown = await db.execute(sql`
        insert into rate_limit_buckets (key, count, reset_at)
        values (${key}, 1, now() + ${interval}::interval)
        on conflict (key) do update set
          count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
          reset_at = case when rate_limit_buckets.reset_at <= now()
            then now() + ${interval}::interval else rate_limit_buckets.reset_at end
        returning count`);
      // node-postgres and PGlite both answer { rows }.
      const rows = (result as { rows: Array<{ count: number | string }> }).rows;
      return Number(rows[0]?.count ?? 0);
    },
    async retryAfterMs(key) {
      const result: unknown = await db.execute(sql`
        select greatest(0, extract(epoch from (reset_at - now())) * 1000) as ms
        from rate_limit_buckets where key = ${key}`);
      const ms = (result as { rows: Array<{ ms: number | string }> }).rows[0]?.ms;
      return ms === undefined ? undefined : Number(ms);
    },
  };
}

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

export function redisRateLimitStore(redis: Redis, prefix = "lumen:rl:"): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const count = await redis.eval(INCREMENT_SCRIPT, 1, prefix + key, String(windowMs));
      return Number(count);
    },
    async retryAfterMs(key) {
      const ms = await redis.pttl(prefix + key);
      return ms >= 0 ? ms : undefined;
    },
  };
}

export interface RateLimiter {
  /**
   * Counts an attempt; throws auth/too-many-requests once the rule's limit is passed, with
   * `message` when given, and with when the window ends as its Retry-After.
   */
  check(name: RateLimitName, subject: string, message?: string): Promise<void>;
}

export function createRateLimiter(
  store: RateLimitStore,
  rules: Record<RateLimitName, RateLimitRule> = RATE_LIMITS,
): RateLimiter {
  return {
    async check(name, subject, message) {
      const rule = rules[name];
      const key = `${name}:${subject.toLowerCase()}`;
      const count = await store.hit(key, rule.windowMs);
      if (count <= rule.limit) return;
      const ms = (await store.retryAfterMs?.(key).catch(() => undefined)) ?? rule.windowMs;
      throw new AuthError("auth/too-many-requests", message, {
        retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
      });
    },
  };
}

/** For tools that act on the operator's behalf (seeding, benchmarks): never limits. */
export const noRateLimit: RateLimiter = { check: async () => {} };
