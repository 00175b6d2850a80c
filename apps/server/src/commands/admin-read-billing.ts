/**
 * One account's billing for the console (GET /v1/admin/users/:userId/billing): the plan in force,
 * every subscription and plan grant, the latest webhook events about them (whether each was
 * applied, and its last error) and the first page of the credit ledger with who granted what.
 * Reads only: this month's allowance is granted when the learner next looks, not by an admin.
 */
import { ADMIN_BILLING_EVENTS_SHOWN } from "@lumen/contracts";
import { type Db, desc, eq, inArray, or, schema, sql } from "@lumen/db";
import type { UserRow } from "../auth/users.ts";
import { type CreditEntryRow, readCreditBalance } from "../billing/credit-store.ts";
import {
  type EffectivePlan,
  effectivePlanOf,
  type PlanGrantRow,
  type PlanSettings,
  type SubscriptionRow,
} from "../billing/effective-plan.ts";
import { findAdminTarget } from "./admin-find-user.ts";
import { readLedgerPage } from "./read-credits.ts";

export type BillingEventRow = typeof schema.billingEvents.$inferSelect;
type Person = { id: string; email: string };

export interface AdminBillingRead {
  user: UserRow;
  plan: EffectivePlan;
  balance: number;
  subscriptions: SubscriptionRow[];
  grants: Array<PlanGrantRow & { grantedByUser: Person | null }>;
  events: BillingEventRow[];
  ledger: { entries: Array<CreditEntryRow & { actor: Person | null }>; nextBefore: number | null };
}

/** The emails of the admins named in rows, for the console to show who did what. */
export async function peopleById(db: Db, ids: Array<string | null>): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A ledger page with each entry's admin. */
export async function adminLedgerPage(db: Db, userId: string, before?: number) {
  const page = await readLedgerPage(db, userId, before);
  const people = await peopleById(
    db,
    page.entries.map((e) => e.actorId),
  );
  return {
    entries: page.entries.map((e) => ({
      ...e,
      actor: e.actorId ? (people.get(e.actorId) ?? null) : null,
    })),
    nextBefore: page.nextBefore,
  };
}

export async function adminReadBilling(options: {
  db: Db;
  userId: string;
  now: Date;
  env: PlanSettings;
}): Promise<AdminBillingRead> {
  const { db, now, env } = options;
  const user = await findAdminTarget(db, options.userId);
  const [subscriptions, grants, balance, ledger] = await Promise.all([
    db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, user.id))
      .orderBy(desc(schema.subscriptions.createdAt)),
    db
      .select()
      .from(schema.planGrants)
      .where(eq(schema.planGrants.userId, user.id))
      // Newest first; of two made in the same instant, the one still in force first.
      .orderBy(
        desc(schema.planGrants.createdAt),
        sql`${schema.planGrants.revokedAt} desc nulls first`,
      ),
    readCreditBalance(db, user.id),
    adminLedgerPage(db, user.id),
  ]);
  const events = schema.billingEvents;
  const providerIds = subscriptions.map((s) => s.providerSubscriptionId);
  const eventRows = await db
    .select()
    .from(events)
    .where(
      providerIds.length > 0
        ? or(eq(events.userId, user.id), inArray(events.providerSubscriptionId, providerIds))
        : eq(events.userId, user.id),
    )
    .orderBy(desc(events.occurredAt), desc(events.receivedAt))
    .limit(ADMIN_BILLING_EVENTS_SHOWN);
  const people = await peopleById(
    db,
    grants.map((g) => g.grantedBy),
  );
  return {
    user,
    plan: effectivePlanOf(subscriptions, grants, now, env),
    balance,
    subscriptions,
    grants: grants.map((g) => ({
      ...g,
      grantedByUser: g.grantedBy ? (people.get(g.grantedBy) ?? null) : null,
    })),
    events: eventRows,
    ledger,
  };
}
