/**
 * What operators run the product with (issue 14): the admin audit log, feature flag rules,
 * experiment settings and exposures, error reports grouped into issues, and web vitals.
 */
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Every action taken in the admin console (and by `npm run admin`), newest first. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null for the command line, or once the acting account is deleted. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetEmail: text("target_email"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_target_idx").on(t.targetUserId),
  ],
);

/**
 * One row per feature flag that has a rule (a flag without a row is off). A flag is on for a user
 * when any part of its rule says so: everyone, one of the roles, one of the users, the user's
 * deterministic percentage bucket, and only from `startsAt` when that is set.
 */
export const featureFlagRules = pgTable("feature_flag_rules", {
  name: text("name").primaryKey(),
  everyone: boolean("everyone").notNull().default(false),
  roles: jsonb("roles").$type<string[]>().notNull().default([]),
  userIds: jsonb("user_ids").$type<string[]>().notNull().default([]),
  /** 0–100, or null for none. */
  percentage: integer("percentage"),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  /**
   * What a valued flag (aiModelOverride: a model name) gives the users the rule turns it on for;
   * null for the boolean flags and for "on, with the default" (migration 0013).
   */
  value: text("value"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** The operator's settings of an experiment: manual activation and the conversion metric. */
export const experimentSettings = pgTable("experiment_settings", {
  name: text("name").primaryKey(),
  active: boolean("active").notNull().default(false),
  /** The analytics event name counted as a conversion, chosen in the console. */
  metricEvent: text("metric_event"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * The key a signed-in user is bucketed by: the anonymous visitor id they had before signing up,
 * so that their variants do not change at sign-up. Users without a row are bucketed by their id.
 */
export const experimentIdentities = pgTable("experiment_identities", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  visitorId: text("visitor_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** First exposure of a subject (the bucketing key) to an experiment's variant: once each. */
export const experimentExposures = pgTable(
  "experiment_exposures",
  {
    experiment: text("experiment").notNull(),
    subjectId: text("subject_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    variant: text("variant").notNull(),
    exposedAt: timestamp("exposed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.experiment, t.subjectId] }),
    index("experiment_exposures_variant_idx").on(t.experiment, t.variant),
  ],
);

/** Reported errors grouped by fingerprint: one row an issue, with its counts. */
export const errorIssues = pgTable(
  "error_issues",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fingerprint: text("fingerprint").notNull().unique(),
    /** "web" or "server". */
    platform: text("platform").notNull(),
    title: text("title").notNull(),
    culprit: text("culprit"),
    level: text("level").notNull().default("error"),
    count: integer("count").notNull().default(0),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
    lastRelease: text("last_release"),
    status: text("status").notNull().default("unresolved"),
  },
  (t) => [index("error_issues_last_seen_idx").on(t.lastSeen)],
);

/** Each stored error event (the newest of an issue are kept; see the ingest). */
export const errorEvents = pgTable(
  "error_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    issueId: bigint("issue_id", { mode: "number" })
      .notNull()
      .references(() => errorIssues.id, { onDelete: "cascade" }),
    eventId: text("event_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    release: text("release"),
    environment: text("environment"),
    message: text("message"),
    /** The exception chain with frames, as received and as source-mapped. */
    exception: jsonb("exception").$type<unknown>(),
    breadcrumbs: jsonb("breadcrumbs").$type<unknown[]>().notNull().default([]),
    context: jsonb("context").$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("error_events_issue_idx").on(t.issueId, t.receivedAt)],
);

/** Web vitals of sampled page views (LCP, INP, CLS), per route. */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    route: text("route").notNull(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating"),
    release: text("release"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("web_vitals_route_idx").on(t.name, t.route, t.recordedAt)],
);
