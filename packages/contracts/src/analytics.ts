/**
 * Analytics events: the names are exactly those of spec section 7. The spec groups a few as
 * families ("open and create freeform project", "onboarding and instance-onboarding events",
 * "store-link clicks"); each family is spelled out here as the concrete names we send.
 */
import { z } from "./zod.ts";

export const ANALYTICS_EVENTS = [
  "open_lesson",
  "show_solution",
  "apply_solution",
  "hide_solution",
  "submit_code",
  "run_code",
  "code_run",
  "pageview",
  "finish_chapter",
  "finish_lesson",
  "skip_lesson",
  "finish_tutorial",
  "unlock_tutorial",
  "login",
  "signup",
  "show_upgrades",
  "upgrade",
  "continue_with_current_subscription",
  "copy_project_url",
  "open_streaks_dropdown",
  "open_coins_dropdown",
  "open_community_dropdown",
  "calendar_scrolled",
  "tutor_interaction",
  "toggle_chatbox",
  "set_interest",
  "set_motive",
  "set_occupation",
  "set_onboarding_step",
  "submit_ai_chat_rating",
  "web2app_step",
  "duplicate_shared_code",
  "open_freeform_project",
  "create_freeform_project",
  "project_opened",
  "websocket_connection_completed",
  "onboarding_step",
  "instance_onboarding_step",
  "store_link_click",
] as const;

export const analyticsEventNameSchema = z.enum(ANALYTICS_EVENTS);
export type AnalyticsEventName = z.infer<typeof analyticsEventNameSchema>;

/** Properties are flat and small: analytics never carries learner code or free text. */
export const analyticsPropertiesSchema = z
  .record(
    z.string().check(z.maxLength(64)),
    z.union([z.string().check(z.maxLength(512)), z.number(), z.boolean(), z.null()]),
  )
  .check(z.refine((p) => Object.keys(p).length <= 32, "at most 32 properties"));

export const analyticsEventSchema = z.object({
  name: analyticsEventNameSchema,
  properties: z._default(analyticsPropertiesSchema, {}),
  /** Client time, ISO 8601. */
  at: z.iso.datetime({ offset: true }),
  anonymousId: z.string().check(z.minLength(1), z.maxLength(64)),
  path: z.optional(z.string().check(z.maxLength(2048))),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(100)),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
