/** The learner's settings as stored (GET /v1/me/settings); none chosen yet is an empty object. */
import { type Settings, validSettings } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";

export interface StoredSettings {
  settings: Settings;
  updatedAt: Date | null;
}

export async function readSettings({ db, userId }: { db: Db; userId: string }) {
  const [row] = await db
    .select()
    .from(schema.userSettings)
    .where(eq(schema.userSettings.userId, userId))
    .limit(1);
  return {
    settings: validSettings(row?.settings),
    updatedAt: row?.updatedAt ?? null,
  } satisfies StoredSettings;
}
