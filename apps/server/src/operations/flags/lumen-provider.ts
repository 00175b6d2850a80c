/**
 * Our own OpenFeature provider (ADR 0039): it answers flags from the operators' rules in the
 * database (flag-rules-store.ts) with the pure rules of @lumen/core. Every flag resolves as a
 * boolean; the valued flags (aiModelOverride) also resolve as a string, the rule's value while
 * the rule turns the flag on. The evaluation context is the caller: `targetingKey` is the user id
 * and `roles` their roles; no targeting key means an anonymous visitor, for whom only "everyone"
 * applies.
 */
import {
  type FlagSubject,
  flagValue,
  isFeatureFlag,
  isFlagOn,
  isValuedFeatureFlag,
} from "@lumen/core";
import {
  ErrorCode,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
  StandardResolutionReasons,
} from "@openfeature/server-sdk";
import type { FlagRulesStore } from "./flag-rules-store.ts";

function subjectOf(context: EvaluationContext): FlagSubject {
  if (!context.targetingKey) return null;
  const roles = Array.isArray(context.roles)
    ? context.roles.filter((role): role is string => typeof role === "string")
    : [];
  return { id: context.targetingKey, roles };
}

const failed = <T>(defaultValue: T, errorCode: ErrorCode, message?: string) => ({
  value: defaultValue,
  reason: StandardResolutionReasons.ERROR,
  errorCode,
  ...(message ? { errorMessage: message } : {}),
});

export class LumenFlagProvider implements Provider {
  readonly metadata = { name: "lumen" } as const;
  readonly runsOn = "server" as const;

  constructor(
    private readonly store: FlagRulesStore,
    private readonly clock: () => Date,
  ) {}

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    if (!isFeatureFlag(flagKey)) return failed(defaultValue, ErrorCode.FLAG_NOT_FOUND);
    const rule = (await this.store.rules())[flagKey];
    return {
      value: isFlagOn(flagKey, rule, subjectOf(context), this.clock()),
      reason: rule ? StandardResolutionReasons.TARGETING_MATCH : StandardResolutionReasons.DEFAULT,
    };
  }

  /** A valued flag's value; the default while it is off for the caller or its rule sets none. */
  async resolveStringEvaluation(
    flagKey: string,
    defaultValue: string,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<string>> {
    if (!isFeatureFlag(flagKey)) return failed(defaultValue, ErrorCode.FLAG_NOT_FOUND);
    if (!isValuedFeatureFlag(flagKey)) {
      return failed(defaultValue, ErrorCode.TYPE_MISMATCH, `${flagKey} is a boolean flag.`);
    }
    const value = flagValue(
      flagKey,
      (await this.store.rules())[flagKey],
      subjectOf(context),
      this.clock(),
    );
    return value === null
      ? { value: defaultValue, reason: StandardResolutionReasons.DEFAULT }
      : { value, reason: StandardResolutionReasons.TARGETING_MATCH };
  }

  async resolveNumberEvaluation(_key: string, defaultValue: number) {
    return failed(defaultValue, ErrorCode.TYPE_MISMATCH, "No Lumen feature flag is a number.");
  }

  async resolveObjectEvaluation<T extends JsonValue>(_key: string, defaultValue: T) {
    return failed(defaultValue, ErrorCode.TYPE_MISMATCH, "No Lumen feature flag is an object.");
  }
}
