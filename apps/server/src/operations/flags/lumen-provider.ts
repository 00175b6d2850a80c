/**
 * Our own OpenFeature provider (ADR 0039): it answers boolean flags from the operators' rules in
 * the database (flag-rules-store.ts) with the pure rule of @lumen/core. The evaluation context is
 * the caller: `targetingKey` is the user id and `roles` their roles; no targeting key means an
 * anonymous visitor, for whom only "everyone" applies.
 */
import { type FlagSubject, isFeatureFlag, isFlagOn } from "@lumen/core";
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

const notBoolean = <T>(defaultValue: T): ResolutionDetails<T> => ({
  value: defaultValue,
  reason: StandardResolutionReasons.ERROR,
  errorCode: ErrorCode.TYPE_MISMATCH,
  errorMessage: "Every Lumen feature flag is a boolean.",
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
    if (!isFeatureFlag(flagKey)) {
      return {
        value: defaultValue,
        reason: StandardResolutionReasons.ERROR,
        errorCode: ErrorCode.FLAG_NOT_FOUND,
      };
    }
    const rule = (await this.store.rules())[flagKey];
    return {
      value: isFlagOn(flagKey, rule, subjectOf(context), this.clock()),
      reason: rule ? StandardResolutionReasons.TARGETING_MATCH : StandardResolutionReasons.DEFAULT,
    };
  }

  async resolveStringEvaluation(_key: string, defaultValue: string) {
    return notBoolean(defaultValue);
  }

  async resolveNumberEvaluation(_key: string, defaultValue: number) {
    return notBoolean(defaultValue);
  }

  async resolveObjectEvaluation<T extends JsonValue>(_key: string, defaultValue: T) {
    return notBoolean(defaultValue);
  }
}
