/**
 * A fixed-window limit on what one account does (issue 17: reports, and posting in the
 * community), counted in the same store as sign-in's limits (the database, or Redis when set).
 * Past the limit: 429 rate_limited with a Retry-After.
 */
import type { RateLimitStore } from "../../auth/rate-limit.ts";
import { AppError } from "../../errors.ts";

export interface AccountLimit {
  /** A short name, part of the counter's key: "reports", "community-posts"… */
  name: string;
  limit: number;
  windowMs: number;
}

export const REPORTS_LIMIT: AccountLimit = { name: "reports", limit: 20, windowMs: 60 * 60_000 };

export async function limitPerAccount(
  store: RateLimitStore,
  rule: AccountLimit,
  userId: string,
  message = "Too many at once. Please wait a little and try again.",
): Promise<void> {
  const key = `account:${rule.name}:${userId}`;
  const count = await store.hit(key, rule.windowMs);
  if (count <= rule.limit) return;
  const ms = (await store.retryAfterMs?.(key).catch(() => undefined)) ?? rule.windowMs;
  throw new AppError("rate_limited", message, {
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });
}
