/**
 * The day-before reminder of live events (issue 17) against a real database: due RSVPs get one
 * mail in their own time zone, never twice; events further off, cancelled events and learners who
 * turned reminders off get none; a failed send is tried again on the next run.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Mail, outboxMailer } from "../../auth/mailer.ts";
import { noRateLimit } from "../../auth/rate-limit.ts";
import { mailsTo } from "../../testing/outbox.ts";
import { signUpUser } from "../sign-up-user.ts";
import { sendEventReminders } from "./send-event-reminders.ts";

const NOW = new Date("2026-12-01T12:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
let database: Database;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(schema.liveEvents);
});

let accounts = 0;
async function learner(timeZone?: string) {
  accounts += 1;
  const user = await signUpUser({
    db: database.db,
    limiter: noRateLimit,
    ip: "test",
    email: `reminded-${accounts}-${Date.now()}@example.com`,
    password: "secret-123",
    displayName: `Learner ${accounts}`,
  });
  if (timeZone) {
    await database.db
      .insert(schema.learnerProgress)
      .values({ userId: user.id, timeZone })
      .onConflictDoUpdate({ target: schema.learnerProgress.userId, set: { timeZone } });
  }
  return user;
}

async function event(startsInHours: number, extra: { cancelledAt?: Date } = {}) {
  const [row] = await database.db
    .insert(schema.liveEvents)
    .values({
      kind: "workshop",
      title: `Workshop in ${startsInHours} h`,
      description: "",
      startsAt: hours(startsInHours),
      endsAt: hours(startsInHours + 1),
      joinUrl: "https://meet.example.com/w",
      ...extra,
    })
    .returning();
  if (!row) throw new Error("no event");
  return row;
}

const rsvp = (eventId: string, userId: string) =>
  database.db.insert(schema.eventRsvps).values({ eventId, userId });

const run = (now = NOW, mailer = outboxMailer(database.db)) =>
  sendEventReminders({
    db: database.db,
    mailer,
    now,
    origin: "https://lumen.example",
    productName: "Lumen",
    logger,
  });

describe("sendEventReminders", () => {
  it("mails each RSVP of an event starting within a day once, in the learner's zone", async () => {
    const tomorrow = await event(20);
    const tokyo = await learner("Asia/Tokyo");
    const berlin = await learner("Europe/Berlin");
    await rsvp(tomorrow.id, tokyo.id);
    await rsvp(tomorrow.id, berlin.id);

    expect(await run()).toBe(2);
    const [toTokyo] = await mailsTo(database.db, tokyo.email);
    expect(toTokyo?.subject).toBe("Reminder: Workshop in 20 h is coming up");
    // 2026-12-02T08:00Z is 17:00 in Tokyo and 09:00 in Berlin.
    expect(toTokyo?.text).toContain("Wednesday, 2 December 2026, 17:00–18:00 (Asia/Tokyo (GMT+9))");
    expect(toTokyo?.text).toContain("https://meet.example.com/w");
    expect(toTokyo?.text).toContain(
      `https://lumen.example/v1/live-events/${tomorrow.id}/event.ics`,
    );
    const [toBerlin] = await mailsTo(database.db, berlin.email);
    expect(toBerlin?.text).toContain("09:00–10:00 (Europe/Berlin (GMT+1))");

    // Later runs send nothing more.
    expect(await run()).toBe(0);
    expect(await run(hours(5))).toBe(0);
    expect(await mailsTo(database.db, tokyo.email)).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(schema.eventRsvps)
      .where(eq(schema.eventRsvps.eventId, tomorrow.id));
    expect(rows.every((r) => r.reminderSentAt?.getTime() === NOW.getTime())).toBe(true);
  });

  it("waits until the event is a day away, and skips cancelled and started events", async () => {
    const later = await event(30);
    const cancelled = await event(3, { cancelledAt: NOW });
    const started = await event(-0.5);
    const someone = await learner();
    await rsvp(later.id, someone.id);
    await rsvp(cancelled.id, someone.id);
    await rsvp(started.id, someone.id);
    expect(await run()).toBe(0);
    expect(await run(hours(5))).toBe(0);
    expect(await run(hours(6))).toBe(1);
    const mails = await mailsTo(database.db, someone.email);
    expect(mails.map((m) => m.subject)).toEqual(["Reminder: Workshop in 30 h is coming up"]);
    // No zone saved: UTC, named.
    expect(mails[0]?.text).toContain("18:00–19:00 (UTC)");
  });

  it("sends nothing to a learner who turned event reminders off", async () => {
    const soon = await event(2);
    const quiet = await learner();
    await database.db
      .insert(schema.emailPreferences)
      .values({ userId: quiet.id, mentions: true, eventReminders: false });
    await rsvp(soon.id, quiet.id);
    expect(await run()).toBe(0);
    expect(await mailsTo(database.db, quiet.email)).toHaveLength(0);
    const [row] = await database.db
      .select()
      .from(schema.eventRsvps)
      .where(eq(schema.eventRsvps.userId, quiet.id));
    expect(row?.reminderSentAt).toBeNull();
  });

  it("tries a failed send again on the next run", async () => {
    const soon = await event(2);
    const someone = await learner();
    await rsvp(soon.id, someone.id);
    const failing = {
      send: async (_mail: Mail) => {
        throw new Error("SMTP down");
      },
      close() {},
    };
    expect(await run(NOW, failing)).toBe(0);
    expect(await run()).toBe(1);
    expect(await mailsTo(database.db, someone.email)).toHaveLength(1);
  });
});
