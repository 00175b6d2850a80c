import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("seedDemoAccounts", () => {
  it("creates the learner, the course engineer and the admin once, and leaves them on a restart", async () => {
    expect(await seedDemoAccounts({ db: database.db })).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(await seedDemoAccounts({ db: database.db })).toEqual([]);
    const rows = await database.db.select().from(schema.users);
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail["learner@lumen.localhost"]?.roles).toEqual([]);
    expect(byEmail["engineer@lumen.localhost"]?.roles).toEqual(["course_engineer"]);
    expect(byEmail["engineer@lumen.localhost"]?.emailVerified).toBe(true);
    expect(byEmail["admin@lumen.localhost"]?.roles).toEqual(["admin"]);
    expect(byEmail["admin@lumen.localhost"]?.displayName).toBe("Demo Admin");
    expect(byEmail["admin@lumen.localhost"]?.emailVerified).toBe(true);
  });
});
