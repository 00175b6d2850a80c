/**
 * The AI app builder (issue 18). A build is a learner's app: its files (the source of truth; a
 * machine's workspace gets a copy), its conversation with the agent in turns, each turn's changes
 * (before and after, so that a turn can be undone exactly), and the machines that run it. An
 * instance is a published copy of a build at an origin of its own, run by a machine of its own.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const builds = pgTable(
  "builds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** The starting template's key (@lumen/core app-templates.ts). */
    template: text("template").notNull(),
    /** Rises with every change to the files, so that an editor can tell it is behind. */
    revision: integer("revision").notNull().default(1),
    /** The older turns in a few sentences, when the conversation was condensed. */
    summary: text("summary"),
    /** The last turn the summary covers. */
    summaryThrough: integer("summary_through"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("builds_user_idx").on(t.userId, t.updatedAt)],
);

export const buildFiles = pgTable(
  "build_files",
  {
    buildId: uuid("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    content: text("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.path] })],
);

/**
 * One turn: the learner's prompt and what the agent did. `changes` holds each changed file's
 * content before and after ({ path, before, after }, null for absent); `edits` reports each edit
 * and how it applied (exact, whitespace-tolerant, rewrite). `state`: running, done, failed,
 * undone. The figures (steps, tokens, build result) let the two agent designs be compared.
 */
export const buildTurns = pgTable(
  "build_turns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buildId: uuid("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    /** 1, 2, 3… within the build. */
    number: integer("number").notNull(),
    prompt: text("prompt").notNull(),
    /** An image sent with the prompt: its media type and size (the bytes go to the model only). */
    image: jsonb("image"),
    reply: text("reply").notNull().default(""),
    state: text("state").notNull(),
    /** "agent1" (acts in a loop) or "agent2" (plans, then acts step by step). */
    agent: text("agent").notNull(),
    model: text("model"),
    plan: jsonb("plan"),
    edits: jsonb("edits").notNull().default([]),
    changes: jsonb("changes").notNull().default([]),
    steps: integer("steps").notNull().default(0),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    credits: integer("credits").notNull().default(0),
    /** The agent's own check at the end: did the type check and build pass, did the app answer. */
    buildOk: boolean("build_ok"),
    appOk: boolean("app_ok"),
    error: text("error"),
    /** Accepted in the diff view (no undo offered after). */
    accepted: boolean("accepted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("build_turns_number_idx").on(t.buildId, t.number)],
);

/**
 * A machine: where a build (role preview) or an instance (role instance) runs. `driver` is the
 * MachineDriver that holds it; `state` is its last known state (the driver is asked for the live
 * one). `lastActiveAt` drives the idle stop.
 */
export const machines = pgTable(
  "machines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buildId: uuid("build_id").references(() => builds.id, { onDelete: "set null" }),
    role: text("role").notNull(),
    driver: text("driver").notNull(),
    state: text("state").notNull(),
    /** The files' revision the machine last received. */
    revision: integer("revision").notNull().default(0),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    destroyedAt: timestamp("destroyed_at", { withTimezone: true }),
  },
  (t) => [index("machines_user_idx").on(t.userId), index("machines_active_idx").on(t.lastActiveAt)],
);

/** A published build: a snapshot of its files, served at `{slug}.{APPS_DOMAIN}`. */
export const instances = pgTable(
  "instances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buildId: uuid("build_id").references(() => builds.id, { onDelete: "set null" }),
    machineId: uuid("machine_id").references(() => machines.id, { onDelete: "set null" }),
    /** The host label: lower-case letters, digits and hyphens, unique. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** The build's files as published (redeploy takes the build's files again). */
    files: jsonb("files").notNull(),
    deployedRevision: integer("deployed_revision").notNull(),
    deployedAt: timestamp("deployed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Requests served, for the instance page. */
    requests: bigint("requests", { mode: "number" }).notNull().default(0),
  },
  (t) => [uniqueIndex("instances_slug_idx").on(t.slug), index("instances_user_idx").on(t.userId)],
);
