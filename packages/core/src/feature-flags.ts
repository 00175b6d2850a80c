/**
 * Feature flags (spec section 3), all off by default; the rules an operator sets that turn a flag
 * on for someone (issue 14); and the parser for the feature-override value a developer sets in a
 * cookie (its name is not in the spec and is the caller's concern).
 */
import { bucket } from "./experiments.ts";
import { z } from "./zod.ts";

export const FEATURE_FLAGS = [
  "showMachineLogs",
  "exampleFlag",
  "enableImageUploads",
  "enableDiffView",
  "enableCondensedContext",
  "aiModelOverride",
  "enablePartialFileReplacement",
  "enableAgent2",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Readonly<Record<FeatureFlag, boolean>>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = Object.freeze(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as Record<FeatureFlag, boolean>,
);

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}

/**
 * The flags that carry a string value besides on and off: `aiModelOverride` names the model an
 * operator picks for the users its rule reaches. Every other flag is a plain boolean.
 */
export const VALUED_FEATURE_FLAGS = ["aiModelOverride"] as const satisfies readonly FeatureFlag[];
export type ValuedFeatureFlag = (typeof VALUED_FEATURE_FLAGS)[number];
/** A valued flag's value for the caller: null while the flag is off or its rule sets none. */
export type FeatureFlagValues = Readonly<Record<ValuedFeatureFlag, string | null>>;

export const DEFAULT_FEATURE_FLAG_VALUES: FeatureFlagValues = Object.freeze(
  Object.fromEntries(VALUED_FEATURE_FLAGS.map((flag) => [flag, null])) as Record<
    ValuedFeatureFlag,
    null
  >,
);

/**
 * What a value may be: a model name such as `gpt-4o-mini`, `claude-3-5-haiku-20241022` or
 * `openrouter/meta-llama-3.1`: letters, digits and `.:/@+_-`, at most 100 characters.
 */
export const FLAG_VALUE_PATTERN = /^[A-Za-z0-9._:/@+-]{1,100}$/;

export function isValuedFeatureFlag(value: string): value is ValuedFeatureFlag {
  return (VALUED_FEATURE_FLAGS as readonly string[]).includes(value);
}

/**
 * Who a flag is on for. Any part that matches turns it on, but only from `startsAt` when set; a
 * rule that names nobody (and so every flag without a stored rule) is off.
 */
export interface FlagRule {
  everyone: boolean;
  roles: readonly string[];
  userIds: readonly string[];
  /** 0–100: users whose bucket for this flag is below it; null for none. */
  percentage: number | null;
  startsAt: Date | null;
  /** A valued flag's value while the rule turns it on (VALUED_FEATURE_FLAGS); else null. */
  value: string | null;
}

/** The caller: a signed-in user's id and roles, or null for an anonymous visitor. */
export type FlagSubject = { id: string; roles: readonly string[] } | null;

/**
 * The user's deterministic bucket 0–99 for a flag. Keyed by the flag too, so that a 10% rollout
 * of one flag does not reach the same 10% of users as every other flag's.
 */
export function flagBucket(flag: FeatureFlag, userId: string): number {
  return bucket(`${flag}:${userId}`, 100);
}

/** Whether RULE turns FLAG on for SUBJECT at NOW. Anonymous visitors match only `everyone`. */
export function isFlagOn(
  flag: FeatureFlag,
  rule: FlagRule | undefined,
  subject: FlagSubject,
  now: Date,
): boolean {
  if (!rule) return false;
  if (rule.startsAt && now.getTime() < rule.startsAt.getTime()) return false;
  if (rule.everyone) return true;
  if (!subject) return false;
  if (subject.roles.some((role) => rule.roles.includes(role))) return true;
  if (rule.userIds.includes(subject.id)) return true;
  return rule.percentage !== null && flagBucket(flag, subject.id) < rule.percentage;
}

/** Every flag for SUBJECT under RULES (a flag missing from RULES is off). */
export function evaluateFlags(
  rules: Partial<Record<FeatureFlag, FlagRule>>,
  subject: FlagSubject,
  now: Date,
): FeatureFlags {
  return Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, isFlagOn(flag, rules[flag], subject, now)]),
  ) as Record<FeatureFlag, boolean>;
}

/** FLAG's value for SUBJECT at NOW: the rule's value while the rule turns the flag on. */
export function flagValue(
  flag: FeatureFlag,
  rule: FlagRule | undefined,
  subject: FlagSubject,
  now: Date,
): string | null {
  if (!rule || rule.value === null) return null;
  return isFlagOn(flag, rule, subject, now) ? rule.value : null;
}

/** Every valued flag's value for SUBJECT under RULES. */
export function evaluateFlagValues(
  rules: Partial<Record<FeatureFlag, FlagRule>>,
  subject: FlagSubject,
  now: Date,
): FeatureFlagValues {
  return Object.fromEntries(
    VALUED_FEATURE_FLAGS.map((flag) => [flag, flagValue(flag, rules[flag], subject, now)]),
  ) as Record<ValuedFeatureFlag, string | null>;
}

/** Exact text the caller logs when the override value cannot be parsed (spec section 8). */
export const OVERRIDES_PARSE_FAILED = "Failed to parse overrides cookie";

// Unknown keys are dropped rather than refused: a retired flag left in a developer's cookie
// should not throw away the flags that still exist.
const overridesSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.optional(z.boolean())])) as Record<
    FeatureFlag,
    z.ZodMiniOptional<z.ZodMiniBoolean>
  >,
);

export interface FeatureFlagsResult {
  flags: FeatureFlags;
  /** OVERRIDES_PARSE_FAILED when the value was present but unusable; the defaults then apply. */
  error: typeof OVERRIDES_PARSE_FAILED | null;
}

/**
 * The flags after applying an override value: a JSON object of flag name to boolean. A missing or
 * empty value gives the defaults. Anything else that is not such an object (bad JSON, an array, a
 * non-boolean value for a known flag) gives the defaults and the error marker, and logs nothing,
 * so the caller decides where the message goes.
 */
export function parseFeatureOverrides(value: string | null | undefined): FeatureFlagsResult {
  if (value === undefined || value === null || value === "") {
    return { flags: DEFAULT_FEATURE_FLAGS, error: null };
  }
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { flags: DEFAULT_FEATURE_FLAGS, error: OVERRIDES_PARSE_FAILED };
  }
  const parsed = overridesSchema.safeParse(json);
  if (!parsed.success) {
    return { flags: DEFAULT_FEATURE_FLAGS, error: OVERRIDES_PARSE_FAILED };
  }
  const overrides = Object.fromEntries(
    Object.entries(parsed.data).filter(([, enabled]) => enabled !== undefined),
  );
  return { flags: { ...DEFAULT_FEATURE_FLAGS, ...overrides }, error: null };
}
