/**
 * Billing test data (test code only): an account row without the cost of a password hash, and
 * subscriptions and plan grants as the webhooks and the console would leave them, with overrides.
 */
import { randomUUID } from "node:crypto";
import { type Db, schema } from "@lumen/db";
import type { PlanGrantRow, SubscriptionRow } from "../billing/effective-plan.ts";

/** A bare account (it cannot sign in: its password hash is no hash). */
export async function insertUser(
  db: Db,
  roles: string[] = [],
): Promise<{ id: string; email: string }> {
  const email = `billing-${randomUUID()}@example.com`;
  const [row] = await db
    .insert(schema.users)
    .values({ email, passwordHash: "not-a-hash", roles })
    .returning({ id: schema.users.id, email: schema.users.email });
  if (!row) throw new Error("no user row");
  return row;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An active monthly Starter subscription whose period runs from a day before `now`. */
export async function insertSubscription(
  db: Db,
  userId: string,
  now: Date,
  overrides: Partial<typeof schema.subscriptions.$inferInsert> = {},
): Promise<SubscriptionRow> {
  const start = new Date(now.getTime() - DAY_MS);
  const [row] = await db
    .insert(schema.subscriptions)
    .values({
      provider: "local",
      providerSubscriptionId: `sub_${randomUUID()}`,
      userId,
      tier: "tier-0",
      interval: "month",
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * DAY_MS),
      stateAt: start,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no subscription row");
  return row;
}

/** A plan grant (Internal Staff, no end) as an admin gives it. */
export async function insertPlanGrant(
  db: Db,
  userId: string,
  overrides: Partial<typeof schema.planGrants.$inferInsert> = {},
): Promise<PlanGrantRow> {
  const [row] = await db
    .insert(schema.planGrants)
    .values({ userId, tier: "instance-tier-internal-staff", reason: "test", ...overrides })
    .returning();
  if (!row) throw new Error("no plan grant row");
  return row;
}
