/**
 * The server's feature flags (issue 14, ADR 0039): every flag is read through an OpenFeature
 * client, whose provider FLAGS_PROVIDER names. Ours ("lumen", lumen-provider.ts) reads the rules
 * the admin console writes; a hosted flag service plugs in by adding its provider to PROVIDERS.
 */
import {
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlags,
  type FeatureFlagValues,
  VALUED_FEATURE_FLAGS,
} from "@lumen/core";
import type { Db } from "@lumen/db";
import { type EvaluationContext, OpenFeature, type Provider } from "@openfeature/server-sdk";
import type { Logger } from "pino";
import type { Env } from "../../env.ts";
import { FlagRulesStore } from "./flag-rules-store.ts";
import { LumenFlagProvider } from "./lumen-provider.ts";

export interface FlagCaller {
  id: string;
  roles: readonly string[];
}

export interface EvaluatedFlags {
  flags: FeatureFlags;
  /** The valued flags' strings (aiModelOverride's model name), null where none applies. */
  values: FeatureFlagValues;
}

export interface FlagService {
  /** Every flag's value for CALLER (undefined: an anonymous visitor). */
  evaluate(caller: FlagCaller | undefined): Promise<EvaluatedFlags>;
  /** After an operator changed FLAG's rule: drop the caches here and, with Redis, elsewhere. */
  changed(flag: FeatureFlag): Promise<void>;
  close(): Promise<void>;
}

interface ProviderDeps {
  store: FlagRulesStore;
  clock: () => Date;
}

/** The providers FLAGS_PROVIDER can name. */
export const PROVIDERS = {
  lumen: ({ store, clock }: ProviderDeps): Provider => new LumenFlagProvider(store, clock),
} as const;
export type FlagProviderName = keyof typeof PROVIDERS;

let apps = 0;

export function createFlagService(options: {
  db: Db;
  env: Pick<Env, "FLAGS_PROVIDER" | "FLAGS_CACHE_SECONDS" | "REDIS_URL">;
  logger: Logger;
  clock: () => Date;
}): FlagService {
  const store = new FlagRulesStore({
    db: options.db,
    logger: options.logger,
    cacheMs: options.env.FLAGS_CACHE_SECONDS * 1000,
    redisUrl: options.env.REDIS_URL,
  });
  // A domain of its own per app, so that apps made side by side (tests) keep their own provider.
  apps += 1;
  const domain = `lumen-flags-${apps}`;
  void OpenFeature.setProvider(
    domain,
    PROVIDERS[options.env.FLAGS_PROVIDER]({ store, clock: options.clock }),
  );
  const client = OpenFeature.getClient(domain);

  return {
    async evaluate(caller) {
      const context: EvaluationContext = caller
        ? { targetingKey: caller.id, roles: [...caller.roles] }
        : {};
      const [booleans, strings] = await Promise.all([
        Promise.all(FEATURE_FLAGS.map((flag) => client.getBooleanValue(flag, false, context))),
        // "" is the default: no value applies (the flag is off, or on with the default).
        Promise.all(VALUED_FEATURE_FLAGS.map((flag) => client.getStringValue(flag, "", context))),
      ]);
      return {
        flags: Object.fromEntries(FEATURE_FLAGS.map((flag, i) => [flag, booleans[i]])) as Record<
          FeatureFlag,
          boolean
        >,
        values: Object.fromEntries(
          VALUED_FEATURE_FLAGS.map((flag, i) => [flag, strings[i] || null]),
        ) as FeatureFlagValues,
      };
    },
    changed: (flag) => store.changed(flag),
    close: () => store.close(),
  };
}
