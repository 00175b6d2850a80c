/**
 * Experiments contracts (issue 14, spec section 9): the public assignment and exposure API under
 * /v1/experiments, and the admin console's list and settings under /v1/admin/experiments.
 */
import { EXPERIMENT_NAMES, VISITOR_ID_PATTERN } from "@lumen/core";
import { ANALYTICS_EVENTS } from "../analytics.ts";
import { z } from "../zod.ts";

/** The header an anonymous browser names itself with: its analytics anonymous id. */
export const VISITOR_ID_HEADER = "X-Visitor-Id";

/**
 * The analytics event the server records at a subject's first exposure to an experiment. It is
 * written by the server only: browsers cannot send it (it is not in ANALYTICS_EVENTS).
 */
export const EXPERIMENT_EXPOSURE_EVENT = "experiment_exposure";

/** The audit log action of a settings change. */
export const EXPERIMENT_AUDIT_ACTION = "experiment.update";

export const experimentNameSchema = z.enum(EXPERIMENT_NAMES as [string, ...string[]]);
export const visitorIdSchema = z.string().check(z.regex(VISITOR_ID_PATTERN));

/** `GET /v1/experiments`: the caller's variant of every experiment, and which are running. */
export const experimentAssignmentsSchema = z.object({
  variants: z.record(z.string(), z.string()),
  active: z.array(z.string()),
});
export type ExperimentAssignments = z.infer<typeof experimentAssignmentsSchema>;

/** `POST /v1/experiments/:name/exposures`: the variant the browser has just shown. */
export const experimentExposureBodySchema = z.object({
  variant: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type ExperimentExposureBody = z.infer<typeof experimentExposureBodySchema>;

/** Whether this was the subject's first exposure (false: it was already recorded). */
export const experimentExposureAnswerSchema = z.object({ recorded: z.boolean() });
export type ExperimentExposureAnswer = z.infer<typeof experimentExposureAnswerSchema>;

const intervalSchema = z.object({ low: z.number(), high: z.number() });

export const adminExperimentVariantSchema = z.object({
  variant: z.string(),
  /** Subjects who were shown this variant (first exposures). */
  exposed: z.number(),
  /** Of those, how many sent the metric event after their exposure. */
  conversions: z.number(),
  rate: z.nullable(z.number()),
  /** The 95 % Wilson score interval of the rate. */
  interval: z.nullable(intervalSchema),
});
export type AdminExperimentVariant = z.infer<typeof adminExperimentVariantSchema>;

export const adminExperimentSchema = z.object({
  name: z.string(),
  variants: z.array(z.string()),
  /** "manual" (switched on in the console) or the UTC start date. */
  activation: z.union([z.literal("manual"), z.object({ startDate: z.string() })]),
  /** Running now. */
  active: z.boolean(),
  /** The console's switch (meaningful for manual experiments only). */
  manuallyActivated: z.boolean(),
  metricEvent: z.nullable(z.string()),
  results: z.array(adminExperimentVariantSchema),
  updatedAt: z.nullable(z.string()),
});
export type AdminExperiment = z.infer<typeof adminExperimentSchema>;

/** `GET /v1/admin/experiments`. */
export const adminExperimentListSchema = z.object({
  experiments: z.array(adminExperimentSchema),
  /** The events the metric can be chosen from. */
  metricEvents: z.array(z.string()),
});
export type AdminExperimentList = z.infer<typeof adminExperimentListSchema>;

/** `PUT /v1/admin/experiments/:name`: what to change; metricEvent null clears it. */
export const adminExperimentUpdateSchema = z
  .object({
    active: z.optional(z.boolean()),
    metricEvent: z.optional(z.nullable(z.enum(ANALYTICS_EVENTS))),
  })
  .check(
    z.refine(
      (body) => body.active !== undefined || body.metricEvent !== undefined,
      "Send active, metricEvent or both.",
    ),
  );
export type AdminExperimentUpdate = z.infer<typeof adminExperimentUpdateSchema>;
