/**
 * The operators' flag rules (table feature_flag_rules), read through a cache of a few seconds so
 * that a request does not cost a query, while every server process still sees a change within
 * that time through the database. With REDIS_URL, a change is also published on a channel that
 * every process listens to, and they drop their cache at once (issue 14, ADR 0039).
 */
import type { FeatureFlag, FlagRule } from "@lumen/core";
import { isFeatureFlag } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import { Redis } from "ioredis";
import type { Logger } from "pino";

export type FlagRules = Partial<Record<FeatureFlag, FlagRule>>;

/** The Redis channel a change is announced on; the message is the flag's name. */
export const FLAGS_CHANGED_CHANNEL = "lumen:flags:changed";

export interface FlagRulesStoreOptions {
  db: Db;
  logger: Logger;
  /** How long a read is trusted, in ms. */
  cacheMs: number;
  redisUrl?: string;
  now?: () => number;
}

export class FlagRulesStore {
  #cached: { rules: FlagRules; at: number } | null = null;
  #loading: Promise<FlagRules> | null = null;
  /** Bumped on every invalidation, so a read that started before it is not cached after it. */
  #generation = 0;
  readonly #publisher: Redis | null;
  readonly #subscriber: Redis | null;

  constructor(private readonly options: FlagRulesStoreOptions) {
    if (!options.redisUrl) {
      this.#publisher = null;
      this.#subscriber = null;
      return;
    }
    const connect = () =>
      new Redis(options.redisUrl as string, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.#publisher = connect();
    this.#subscriber = connect();
    for (const redis of [this.#publisher, this.#subscriber]) {
      // The cache's time limit still holds without Redis: log, never crash.
      redis.on("error", (error) =>
        options.logger.warn({ err: error }, "feature flags: Redis unavailable"),
      );
    }
    this.#subscriber.on("message", (channel) => {
      if (channel === FLAGS_CHANGED_CHANNEL) this.invalidate();
    });
    this.#subscriber
      .subscribe(FLAGS_CHANGED_CHANNEL)
      .catch((error: unknown) =>
        options.logger.warn({ err: error }, "feature flags: cannot subscribe to changes"),
      );
  }

  /** Every stored rule, by flag; rows of flags this version no longer knows are left out. */
  async rules(): Promise<FlagRules> {
    const now = this.options.now?.() ?? Date.now();
    if (this.#cached && now - this.#cached.at < this.options.cacheMs) return this.#cached.rules;
    if (!this.#loading) {
      const generation = this.#generation;
      this.#loading = this.#read()
        .then((rules) => {
          if (generation === this.#generation) this.#cached = { rules, at: now };
          return rules;
        })
        .finally(() => {
          this.#loading = null;
        });
    }
    return this.#loading;
  }

  /** Forget the cached rules (this process only). */
  invalidate(): void {
    this.#generation++;
    this.#cached = null;
    this.#loading = null;
  }

  /** After a change: forget the cache here, and tell the other processes when Redis is set. */
  async changed(flag: FeatureFlag): Promise<void> {
    this.invalidate();
    if (!this.#publisher) return;
    try {
      await this.#publisher.publish(FLAGS_CHANGED_CHANNEL, flag);
    } catch (error) {
      this.options.logger.warn({ err: error }, "feature flags: cannot announce a change");
    }
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.#publisher, this.#subscriber].map((redis) =>
        redis ? redis.quit().catch(() => redis.disconnect()) : undefined,
      ),
    );
  }

  async #read(): Promise<FlagRules> {
    const rows = await this.options.db.select().from(schema.featureFlagRules);
    const rules: FlagRules = {};
    for (const row of rows) {
      if (!isFeatureFlag(row.name)) continue;
      rules[row.name] = {
        everyone: row.everyone,
        roles: row.roles,
        userIds: row.userIds,
        percentage: row.percentage,
        startsAt: row.startsAt,
        value: row.value,
      };
    }
    return rules;
  }
}
