/**
 * Reports, moderation and mail preferences (issue 17): what a learner sends when reporting a
 * share, a community post or a comment, what the console's moderation page reads and changes,
 * and which community and event mails a learner wants.
 */
import { z } from "./zod.ts";

export const REPORT_TARGET_KINDS = ["share", "post", "comment"] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = ["spam", "abuse", "harmful_code", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse or harassment",
  harmful_code: "Harmful code",
  other: "Something else",
};

export const REPORT_DETAILS_MAX = 500;

/** A share's code, a post's id (a UUID) or a comment's id (digits): checked again per kind. */
const targetId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w-]+$/));

export const reportTargetSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId,
});
export type ReportTarget = z.infer<typeof reportTargetSchema>;

/** `POST /v1/reports`. */
export const createReportBodySchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId,
  reason: z.enum(REPORT_REASONS),
  details: z.optional(z.string().check(z.maxLength(REPORT_DETAILS_MAX))),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/** 201 for a new report, 200 when the learner's open report of the same target already stands. */
export const reportAnswerSchema = z.object({
  id: z.number(),
  alreadyReported: z.boolean(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

const datetime = z.iso.datetime({ offset: true });
const person = z.object({
  id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
});

export const moderationReportSchema = z.object({
  id: z.number(),
  reporter: person,
  reason: z.enum(REPORT_REASONS),
  details: z.nullable(z.string()),
  createdAt: datetime,
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/** One reported or hidden thing, with what the console shows of it. */
export const moderationItemSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  /** Null when the content was deleted since it was reported. */
  preview: z.nullable(
    z.object({
      title: z.string(),
      excerpt: z.string(),
      author: person,
      /** Where the content is shown in the app, when it has a page of its own. */
      url: z.nullable(z.string()),
      hiddenAt: z.nullable(datetime),
    }),
  ),
  /** The open reports, oldest first (empty for hidden content nobody reports any more). */
  reports: z.array(moderationReportSchema),
  openCount: z.number(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationBanSchema = z.object({
  user: person,
  reason: z.string(),
  until: z.nullable(datetime),
  createdAt: datetime,
  bannedBy: z.nullable(z.string()),
});
export type ModerationBan = z.infer<typeof moderationBanSchema>;

/** `GET /v1/admin/moderation`: the open reports queue, hidden content and active bans. */
export const moderationQueueSchema = z.object({
  open: z.array(moderationItemSchema),
  hidden: z.array(moderationItemSchema),
  bans: z.array(moderationBanSchema),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** `POST /v1/admin/moderation/hide|restore|dismiss`. */
export const moderationActionBodySchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId,
  note: z.optional(z.string().check(z.maxLength(500))),
});
export type ModerationActionBody = z.infer<typeof moderationActionBodySchema>;

const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/** `POST /v1/admin/moderation/bans`: `until` absent or null bans until lifted. */
export const moderationBanBodySchema = z.object({
  userId: uuid,
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  until: z.optional(z.nullable(datetime)),
});
export type ModerationBanBody = z.infer<typeof moderationBanBodySchema>;

/** `:userId` of `DELETE /v1/admin/moderation/bans/:userId`. */
export const moderationBanParamsSchema = z.object({ userId: uuid });

/** The audit log's actions of this area. */
export const MODERATION_AUDIT_ACTIONS = [
  "moderation.hide",
  "moderation.restore",
  "moderation.dismiss",
  "moderation.ban",
  "moderation.unban",
] as const;

/** `GET` and `PUT /v1/me/email-preferences`: no choice stored means both on. */
export const emailPreferencesSchema = z.object({
  mentions: z.boolean(),
  eventReminders: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export type EmailPreferenceKind = keyof EmailPreferences;
