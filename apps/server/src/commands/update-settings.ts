/**
 * Changes some of the learner's settings (PATCH /v1/me/settings): each one given replaces the
 * stored one, the others stay as they are. The merge happens in one statement in the database,
 * so two devices changing different settings at the same moment both keep their change.
 */
import { type SettingsPatch, validSettings } from "@lumen/contracts";
import { type Db, schema, sql } from "@lumen/db";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { StoredSettings } from "./read-settings.ts";

export interface UpdateSettingsOptions {
  db: Db;
  limiter: RateLimiter;
  userId: string;
  patch: SettingsPatch;
  now: Date;
}

export async function updateSettings(options: UpdateSettingsOptions): Promise<StoredSettings> {
  await options.limiter.check("profileWritePerAccount", options.userId);
  // Only the known keys, as parsed: nothing else reaches the stored object.
  const patch = validSettings(options.patch);
  const [row] = await options.db
    .insert(schema.userSettings)
    .values({ userId: options.userId, settings: patch, updatedAt: options.now })
    .onConflictDoUpdate({
      target: schema.userSettings.userId,
      set: {
        settings: sql`${schema.userSettings.settings} || excluded.settings`,
        updatedAt: options.now,
      },
    })
    .returning();
  return { settings: validSettings(row?.settings), updatedAt: row?.updatedAt ?? options.now };
}
