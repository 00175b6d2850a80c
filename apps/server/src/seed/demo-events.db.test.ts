/** The demo live events (issue 17): two coming up and one past with its recording, made once. */
import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemoEvents } from "./demo-events.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("seeds upcoming and past events only when there are none", async () => {
  const now = new Date("2026-12-01T10:20:00Z");
  expect(await seedDemoEvents({ db: database.db, now })).toBe(3);
  const events = await database.db.select().from(schema.liveEvents);
  expect(events.filter((e) => e.startsAt > now)).toHaveLength(2);
  const past = events.filter((e) => e.endsAt < now);
  expect(past).toHaveLength(1);
  expect(past[0]?.recordingUrl).toMatch(/^https:\/\//);
  expect(await seedDemoEvents({ db: database.db, now })).toBe(0);
  expect(await database.db.select().from(schema.liveEvents)).toHaveLength(3);
});
