/**
 * Whether a learner wants a community or event mail (issue 17): mentions and event reminders,
 * both on unless the learner turned them off in the profile (no row means both on).
 */
import type { EmailPreferenceKind, EmailPreferences } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";

export async function readEmailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db
    .select({
      mentions: schema.emailPreferences.mentions,
      eventReminders: schema.emailPreferences.eventReminders,
    })
    .from(schema.emailPreferences)
    .where(eq(schema.emailPreferences.userId, userId));
  return row ?? { mentions: true, eventReminders: true };
}

/** True when `userId` wants mails of `kind`; call it before queueing each such mail. */
export async function wantsMail(
  db: Db,
  userId: string,
  kind: EmailPreferenceKind,
): Promise<boolean> {
  return (await readEmailPreferences(db, userId))[kind];
}
