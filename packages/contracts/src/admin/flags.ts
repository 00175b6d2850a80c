/**
 * Feature flags contracts (issue 14, spec section 3): the public `GET /v1/flags` every browser
 * reads its flags from, and the admin console's list and rule editor under /v1/admin/flags.
 */
import {
  FEATURE_FLAGS,
  type FeatureFlag,
  FLAG_VALUE_PATTERN,
  VALUED_FEATURE_FLAGS,
  type ValuedFeatureFlag,
} from "@lumen/core";
import { ROLES } from "../roles.ts";
import { z } from "../zod.ts";

/**
 * The feature-override cookie (spec section 3 does not name it): a JSON object of flag name to
 * boolean, honoured only for course engineers and admins. Lives 2 days (spec section 9).
 */
export const FEATURE_OVERRIDES_COOKIE = "lumen_feature_overrides";
export const FEATURE_OVERRIDES_MAX_AGE_S = 172_800;

/** The audit log action of a rule change. */
export const FLAG_AUDIT_ACTION = "flag.update";

/** How many users one rule may list. */
export const FLAG_RULE_MAX_USERS = 500;

const datetime = z.iso.datetime({ offset: true });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const featureFlagNameSchema = z.enum(FEATURE_FLAGS as unknown as [FeatureFlag]);

export const featureFlagValuesSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    FeatureFlag,
    z.ZodMiniBoolean
  >,
);

/** The valued flags' strings (aiModelOverride: a model name), null where none applies. */
export const featureFlagStringValuesSchema = z.object(
  Object.fromEntries(VALUED_FEATURE_FLAGS.map((flag) => [flag, z.nullable(z.string())])) as Record<
    ValuedFeatureFlag,
    z.ZodMiniNullable<z.ZodMiniString>
  >,
);

/**
 * Who the server took the caller for, as the account is now (not as their ID token says): the
 * browser compares it with its own copy and renews the token when a role changed (issue 14).
 */
export const flagsCallerSchema = z.object({ id: z.string(), roles: z.array(z.string()) });

/**
 * What became of the caller's override cookie: none sent, applied (course engineer or admin),
 * ignored (anyone else), or invalid (it could not be parsed; the defaults apply).
 */
export const OVERRIDES_STATES = ["none", "applied", "ignored", "invalid"] as const;

/** `GET /v1/flags`: every flag's value for the caller, signed in or not. */
export const flagsAnswerSchema = z.object({
  flags: featureFlagValuesSchema,
  values: featureFlagStringValuesSchema,
  overrides: z.enum(OVERRIDES_STATES),
  /** Null for an anonymous visitor. */
  caller: z.nullable(flagsCallerSchema),
});
export type FlagsAnswer = z.infer<typeof flagsAnswerSchema>;

/** A user a rule lists: by id, with the address when the account still exists. */
export const flagRuleUserSchema = z.object({ id: z.string(), email: z.nullable(z.string()) });

export const flagRuleSchema = z.object({
  everyone: z.boolean(),
  roles: z.array(z.string()),
  users: z.array(flagRuleUserSchema),
  percentage: z.nullable(z.number()),
  startsAt: z.nullable(datetime),
  /** A valued flag's value (aiModelOverride's model name); null for none and for the others. */
  value: z.nullable(z.string()),
});
export type FlagRuleAnswer = z.infer<typeof flagRuleSchema>;

export const adminFlagSchema = z.object({
  name: featureFlagNameSchema,
  rule: flagRuleSchema,
  /** Null until someone saves a rule: the flag is off for everyone. */
  updatedAt: z.nullable(datetime),
  updatedBy: z.nullable(z.string()),
});
export type AdminFlag = z.infer<typeof adminFlagSchema>;

/** `GET /v1/admin/flags`: all eight flags in the spec's order, with their rules. */
export const adminFlagsAnswerSchema = z.object({ flags: z.array(adminFlagSchema) });
export type AdminFlagsAnswer = z.infer<typeof adminFlagsAnswerSchema>;

/** `:flag` in `PUT /v1/admin/flags/:flag`. */
export const adminFlagParamsSchema = z.object({ flag: featureFlagNameSchema });

/** A user in a rule: an account id, or an email address the server looks up. */
export const flagRuleUserInputSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(320),
  z.refine(
    (value) => UUID.test(value) || /^[^\s@]+@[^\s@]+$/.test(value),
    "must be a user id or an email address",
  ),
);

/** A valued flag's value: a model name (FLAG_VALUE_PATTERN), surrounding spaces dropped. */
export const flagValueInputSchema = z
  .string()
  .check(z.trim(), z.regex(FLAG_VALUE_PATTERN, "must be 1–100 letters, digits or . : / @ + _ -"));

/**
 * `PUT /v1/admin/flags/:flag`: the flag's whole rule (it replaces the previous one). `value` is
 * for the valued flags only (aiModelOverride); leaving it out is the same as null.
 */
export const flagRuleInputSchema = z.object({
  everyone: z.boolean(),
  roles: z.array(z.enum(ROLES)).check(z.maxLength(ROLES.length)),
  users: z.array(flagRuleUserInputSchema).check(z.maxLength(FLAG_RULE_MAX_USERS)),
  percentage: z.nullable(z.int().check(z.gte(0), z.lte(100))),
  startsAt: z.nullable(datetime),
  value: z.optional(z.nullable(flagValueInputSchema)),
});
export type FlagRuleInput = z.infer<typeof flagRuleInputSchema>;

export const isUserId = (value: string) => UUID.test(value);
