import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEffectivePlan } from "../billing/effective-plan.ts";
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

describe("the demo subscriber (issue 15)", () => {
  it("is on a granted 250 Credits plan; the demo learner stays on the free plan", async () => {
    await seedDemoAccounts({ db: database.db });
    const rows = await database.db.select().from(schema.users);
    const idOf = (email: string) => rows.find((r) => r.email === email)?.id ?? "";
    const env = { BILLING_GRACE_DAYS: 7 };
    const now = new Date();
    const subscriber = await readEffectivePlan({
      db: database.db,
      userId: idOf("subscriber@lumen.localhost"),
      now,
      env,
    });
    expect(subscriber).toMatchObject({ tier: "tier-2", source: "grant" });
    expect(subscriber.grant?.reason).toBe("Demo account");
    const learner = await readEffectivePlan({
      db: database.db,
      userId: idOf("learner@lumen.localhost"),
      now,
      env,
    });
    expect(learner.tier).toBe("free");
  });
});
