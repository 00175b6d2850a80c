/** A learner chooses which community and event mails they want (PUT /v1/me/email-preferences). */
import type { EmailPreferences } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";

export interface SetEmailPreferencesOptions {
  db: Db;
  userId: string;
  preferences: EmailPreferences;
  at?: Date;
}

export async function setEmailPreferences({
  db,
  userId,
  preferences,
  at = new Date(),
}: SetEmailPreferencesOptions): Promise<EmailPreferences> {
  const values = { mentions: preferences.mentions, eventReminders: preferences.eventReminders };
  await db
    .insert(schema.emailPreferences)
    .values({ userId, ...values, updatedAt: at })
    .onConflictDoUpdate({
      target: schema.emailPreferences.userId,
      set: { ...values, updatedAt: at },
    });
  return values;
}
