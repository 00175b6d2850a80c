/**
 * The learner's own account data beyond sign-in (issue 13): settings kept on the server so they
 * follow the learner across devices, and the profile photo. The photo's bytes live here rather
 * than on a disk or a bucket, so a self-hosted server needs nothing more than its database and a
 * deleted account takes its photo with it.
 */
import { customType, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** PostgreSQL's bytea. node-postgres answers a Buffer and PGlite a Uint8Array: both are bytes. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/** One row per learner: the settings they chose, as a JSON object the contracts describe. */
export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A learner's profile photo. Its id is random and new on every upload, so its address
 * (`/v1/photos/{id}`) can be cached for good and cannot be guessed from the learner's id.
 */
export const userPhotos = pgTable("user_photos", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").$type<"image/png" | "image/jpeg" | "image/webp">().notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
