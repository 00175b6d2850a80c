/**
 * `npm run admin -- grant-plan | revoke-plan | grant-credits` (issue 15): each changes the plan or
 * the balance, is written to the audit log with no actor and `{ via: "cli", operator }`, and
 * explains what is missing.
 */
import { type Database, desc, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin, UsageError } from "./admin.ts";
import { readCreditBalance } from "./billing/credit-store.ts";
import { readEffectivePlan } from "./billing/effective-plan.ts";
import { UnknownAccountError } from "./commands/grant-role.ts";
import { seedDemoAccounts } from "./seed/demo-accounts.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoAccounts({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

const learner = "learner@lumen.localhost";
const env = { BILLING_GRACE_DAYS: 7 };
const learnerId = async () =>
  (await database.db.select().from(schema.users).where(eq(schema.users.email, learner)))[0]?.id ??
  "";
const planOf = async () =>
  readEffectivePlan({ db: database.db, userId: await learnerId(), now: new Date(), env });
const latestAudit = async (count: number) =>
  (
    await database.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(count)
  ).map((r) => [r.action, r.actorId, r.targetEmail, r.detail]);

describe("npm run admin: plans and credits", () => {
  it("grants a staff plan with a reason, then revokes it, both audited", async () => {
    const granted = await runAdmin(
      ["grant-plan", learner, "instance-tier-internal-staff", "--reason", "Course team"],
      database,
      "ops",
    );
    expect(granted).toContain("instance-tier-internal-staff");
    expect(await planOf()).toMatchObject({ tier: "instance-tier-internal-staff", source: "grant" });
    const revoked = await runAdmin(["revoke-plan", learner], database, "ops");
    expect(revoked).toContain("Ended learner@lumen.localhost's instance-tier-internal-staff");
    expect((await planOf()).tier).toBe("free");
    expect(await runAdmin(["revoke-plan", learner], database, "ops")).toContain("nothing changed");
    expect(await latestAudit(2)).toMatchObject([
      [
        "billing.plan.revoke",
        null,
        learner,
        { tier: "instance-tier-internal-staff", via: "cli", operator: "ops" },
      ],
      [
        "billing.plan.grant",
        null,
        learner,
        {
          tier: "instance-tier-internal-staff",
          reason: "Course team",
          via: "cli",
          operator: "ops",
        },
      ],
    ]);
  });

  it("takes --reason=text too, and a default reason naming the operator", async () => {
    await runAdmin(["grant-plan", learner, "tier-0", "--reason=Scholarship"], database, "ops");
    expect((await planOf()).grant?.reason).toBe("Scholarship");
    await runAdmin(["grant-plan", learner, "instance-tier-external-partner"], database, "ops");
    expect((await planOf()).grant?.reason).toBe("Granted by ops with npm run admin");
    await runAdmin(["revoke-plan", learner], database, "ops");
  });

  it("grants credits with the reason the learner will read", async () => {
    const before = await readCreditBalance(database.db, await learnerId());
    const printed = await runAdmin(
      ["grant-credits", learner, "25", "--reason", "Beta tester"],
      database,
      "ops",
    );
    expect(printed).toBe(`Granted 25 credits to ${learner}: their balance is ${before + 25}.`);
    const [entry] = await database.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, await learnerId()))
      .orderBy(desc(schema.creditLedger.id));
    expect(entry).toMatchObject({
      amount: 25,
      kind: "admin",
      reason: "Beta tester",
      actorId: null,
    });
    expect(await latestAudit(1)).toMatchObject([
      ["billing.credits.grant", null, learner, { amount: 25, reason: "Beta tester", via: "cli" }],
    ]);
  });

  it("explains a bad tier, amount or missing reason, and an unknown account", async () => {
    await expect(runAdmin(["grant-plan", learner, "free"], database, "ops")).rejects.toThrow(
      UsageError,
    );
    await expect(runAdmin(["grant-plan", learner], database, "ops")).rejects.toThrow(
      "grant-plan needs an email and a tier",
    );
    await expect(
      runAdmin(["grant-credits", learner, "-4", "--reason", "x"], database, "ops"),
    ).rejects.toThrow("a whole number of credits");
    await expect(runAdmin(["grant-credits", learner, "4"], database, "ops")).rejects.toThrow(
      "--reason",
    );
    await expect(
      runAdmin(["grant-credits", learner, "2000000000", "--reason", "x"], database, "ops"),
    ).rejects.toThrow(UsageError);
    await expect(
      runAdmin(["grant-plan", "nobody@example.com", "tier-0"], database, "ops"),
    ).rejects.toThrow(UnknownAccountError);
    await expect(runAdmin(["revoke-plan"], database, "ops")).rejects.toThrow("an email is needed");
  });
});
