/**
 * Demo live events for `npm start` (issue 17): two coming up, one past with its recording, made
 * only when there are no events at all (so an admin's own events are never mixed with these).
 * Never seeded in production.
 */
import { type Db, schema, sql } from "@lumen/db";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The start of the hour `hoursFromNow` from now, so that the times read well. */
const at = (now: Date, hoursFromNow: number) =>
  new Date(Math.floor(now.getTime() / HOUR) * HOUR + hoursFromNow * HOUR);

export async function seedDemoEvents(options: { db: Db; now?: Date }): Promise<number> {
  const { db } = options;
  const now = options.now ?? new Date();
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.liveEvents);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const events = [
    {
      kind: "workshop",
      title: "Build a to-do list in JavaScript",
      description:
        "A live coding workshop for beginners.\n\n- Arrays and objects\n- Events in the page\n- Saving to `localStorage`\n\nBring your questions!",
      startsAt: at(now, 3 * 24 + 2),
      endsAt: at(now, 3 * 24 + 3.5),
      hostName: "Ada from the Lumen team",
      joinUrl: "https://meet.example.com/lumen-js-workshop",
    },
    {
      kind: "study_group",
      title: "Python study group: loops and functions",
      description:
        "Work through the **Python basics** chapter together. Cameras optional, curiosity required.",
      startsAt: at(now, 7 * 24 + 1),
      endsAt: at(now, 7 * 24 + 2),
      hostName: "Grace",
      joinUrl: "https://meet.example.com/lumen-python-group",
    },
    {
      kind: "challenge",
      title: "SQL challenge week",
      description: "Five puzzles over one week, one query each. Solutions were shared at the end.",
      startsAt: new Date(at(now, 0).getTime() - 14 * DAY),
      endsAt: new Date(at(now, 0).getTime() - 7 * DAY),
      hostName: "Edgar",
      joinUrl: null,
      recordingUrl: "https://video.example.com/lumen-sql-challenge-recap",
    },
  ];
  await db.insert(schema.liveEvents).values(events);
  return events.length;
}
