/**
 * Admin console contracts: errors (issue 14). Error issues grouped by fingerprint, their latest
 * events with breadcrumbs and source-mapped stacks, web vitals per route, and the public vitals
 * beacon the web app posts.
 */
import { z } from "../zod.ts";

export const ERROR_PLATFORMS = ["web", "server"] as const;
export type ErrorPlatform = (typeof ERROR_PLATFORMS)[number];
export const ERROR_ISSUE_STATUSES = ["unresolved", "resolved", "ignored"] as const;
export type ErrorIssueStatus = (typeof ERROR_ISSUE_STATUSES)[number];

export const errorIssueSchema = z.object({
  id: z.number(),
  title: z.string(),
  culprit: z.nullable(z.string()),
  platform: z.enum(ERROR_PLATFORMS),
  level: z.string(),
  status: z.enum(ERROR_ISSUE_STATUSES),
  count: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  release: z.nullable(z.string()),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

export const errorIssueListSchema = z.object({ issues: z.array(errorIssueSchema) });
export type ErrorIssueList = z.infer<typeof errorIssueListSchema>;

export const errorIssueListQuerySchema = z.object({
  platform: z.optional(z.enum(ERROR_PLATFORMS)),
  status: z.optional(z.enum(ERROR_ISSUE_STATUSES)),
});

/** One stack frame, as received and, where the build's maps knew it, as in our sources. */
export const stackFrameSchema = z.object({
  function: z.nullable(z.string()),
  file: z.nullable(z.string()),
  line: z.nullable(z.number()),
  column: z.nullable(z.number()),
  inApp: z.boolean(),
  mapped: z.boolean(),
  /** Lines around the frame's line: [line number, text], the frame's own line included. */
  context: z.array(z.tuple([z.number(), z.string()])),
});
export type StackFrame = z.infer<typeof stackFrameSchema>;

export const exceptionSchema = z.object({
  type: z.string(),
  value: z.string(),
  /** Innermost call first. */
  frames: z.array(stackFrameSchema),
});

export const breadcrumbSchema = z.object({
  timestamp: z.nullable(z.string()),
  category: z.nullable(z.string()),
  level: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

export const errorEventSchema = z.object({
  id: z.number(),
  eventId: z.nullable(z.string()),
  receivedAt: z.string(),
  release: z.nullable(z.string()),
  environment: z.nullable(z.string()),
  message: z.nullable(z.string()),
  exceptions: z.array(exceptionSchema),
  breadcrumbs: z.array(breadcrumbSchema),
  url: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
});
export type ErrorEvent = z.infer<typeof errorEventSchema>;

export const errorIssueDetailSchema = z.object({
  issue: errorIssueSchema,
  events: z.array(errorEventSchema),
});
export type ErrorIssueDetail = z.infer<typeof errorIssueDetailSchema>;

export const errorIssueStatusPatchSchema = z.object({ status: z.enum(ERROR_ISSUE_STATUSES) });

/** Spec's web vitals: Largest Contentful Paint, Interaction to Next Paint, Cumulative Layout Shift. */
export const WEB_VITAL_NAMES = ["LCP", "INP", "CLS"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** POST /v1/monitoring/vitals: one measure of a sampled page view, by route pattern. */
export const webVitalsBeaconSchema = z.object({
  route: z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^\/[^?#\s]*$/)),
  name: z.enum(WEB_VITAL_NAMES),
  value: z.number().check(z.gte(0), z.lte(600_000)),
  rating: z.optional(z.enum(["good", "needs-improvement", "poor"])),
  release: z.optional(z.string().check(z.maxLength(100))),
});
export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;

export const webVitalsQuerySchema = z.object({
  days: z.optional(z.string().check(z.regex(/^([1-9]|[1-8][0-9]|90)$/))),
});

/** GET /v1/admin/errors/vitals: the 75th percentile per route, metric and day. */
export const webVitalsReportSchema = z.object({
  points: z.array(
    z.object({
      route: z.string(),
      name: z.enum(WEB_VITAL_NAMES),
      day: z.string(),
      p75: z.number(),
      samples: z.number(),
    }),
  ),
});
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;
