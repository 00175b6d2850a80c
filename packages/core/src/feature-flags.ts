/**
 * Feature flags (spec section 3), all off by default, and the parser for the feature-override
 * value a developer sets in a cookie (its name is not in the spec and is the caller's concern).
 */
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
