/**
 * Sends the reminder mail to everyone who RSVPed to an event that starts within the next day
 * (issue 17), once: each RSVP is claimed by setting its reminderSentAt before the mail goes (so
 * two server processes never both send it) and released again if sending fails. Cancelled
 * events, disabled accounts and learners who turned event reminders off get nothing; the last
 * stay unclaimed, so turning reminders back on in time still brings the mail.
 */
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import type { Logger } from "pino";
import type { Mailer } from "../../auth/mailer.ts";
import { wantsMail } from "../moderation/wants-mail.ts";
import { eventReminderMail } from "./event-reminder-mail.ts";

export const REMINDER_LEAD_MS = 24 * 3_600_000;
/** At most this many mails a run; the next run (a minute later) takes the rest. */
const BATCH = 200;

export interface SendEventRemindersOptions {
  db: Db;
  mailer: Mailer;
  now: Date;
  origin: string;
  productName: string;
  logger?: Logger;
}

export async function sendEventReminders(options: SendEventRemindersOptions): Promise<number> {
  const { db, mailer, now } = options;
  const e = schema.liveEvents;
  const r = schema.eventRsvps;
  const u = schema.users;
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  const due = await db
    .select({
      eventId: e.id,
      title: e.title,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      joinUrl: e.joinUrl,
      userId: u.id,
      email: u.email,
      displayName: u.displayName,
      timeZone: sql<
        string | null
      >`(select ${schema.learnerProgress.timeZone} from ${schema.learnerProgress} where ${schema.learnerProgress.userId} = ${u.id})`,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .innerJoin(u, eq(u.id, r.userId))
    .where(
      and(
        isNull(r.reminderSentAt),
        isNull(e.cancelledAt),
        eq(u.disabled, false),
        sql`${e.startsAt} > ${now} and ${e.startsAt} <= ${until}`,
      ),
    )
    .orderBy(e.startsAt)
    .limit(BATCH);
  let sent = 0;
  for (const row of due) {
    if (!(await wantsMail(db, row.userId, "eventReminders"))) continue;
    const claimed = await db
      .update(r)
      .set({ reminderSentAt: now })
      .where(and(eq(r.eventId, row.eventId), eq(r.userId, row.userId), isNull(r.reminderSentAt)))
      .returning({ eventId: r.eventId });
    if (claimed.length === 0) continue;
    try {
      await mailer.send(
        eventReminderMail({
          to: row.email,
          displayName: row.displayName,
          title: row.title,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          timeZone: row.timeZone ?? "UTC",
          joinUrl: row.joinUrl,
          origin: options.origin,
          eventId: row.eventId,
          productName: options.productName,
        }),
      );
      sent++;
    } catch (error) {
      options.logger?.error({ err: error, eventId: row.eventId }, "event reminder not sent");
      await db
        .update(r)
        .set({ reminderSentAt: null })
        .where(and(eq(r.eventId, row.eventId), eq(r.userId, row.userId)));
    }
  }
  return sent;
}
