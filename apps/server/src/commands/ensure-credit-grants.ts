/**
 * Grants this month's credit allowance when it is due and not yet granted (issue 15, ADR 0045).
 * Lazy: read-plan, read-credits and spend-credits call it, so no scheduler has to run, and a
 * month nobody looked at costs nothing. Idempotent: the grant's key names its source (the
 * subscription or the admin's plan grant), the month and the tier, and the balance's row is
 * locked while it is decided. The first grant of a month first expires what is left of the last
 * month's allowance (an `expire` entry); an upgrade within a month tops the allowance up to the
 * new plan's.
 */
import {
  creditWindow,
  DEFAULT_BILLING_GRACE_DAYS,
  expiringAllowance,
  planLabel,
} from "@lumen/core";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { appendCreditEntry, DuplicateCreditEntry } from "../billing/credit-store.ts";
import {
  type EffectivePlan,
  type PlanSettings,
  readEffectivePlan,
} from "../billing/effective-plan.ts";

export interface EnsureCreditGrantsOptions {
  db: Db;
  userId: string;
  now?: Date;
  env?: PlanSettings;
  /** The plan, when the caller has just read it. */
  plan?: EffectivePlan;
}

export interface EnsuredCredits {
  plan: EffectivePlan;
  /** Credits granted now (0 when this month's were granted before). */
  granted: number;
  /** Credits of the last month's allowance that expired now. */
  expired: number;
}

const DEFAULT_SETTINGS: PlanSettings = { BILLING_GRACE_DAYS: DEFAULT_BILLING_GRACE_DAYS };

const ledger = schema.creditLedger;

/** Credits granted so far under one month's key prefix (a month's first grant and its top-ups). */
async function grantedInMonth(db: Db, userId: string, monthKey: string): Promise<number> {
  const prefix = `${monthKey}:`;
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${ledger.amount})` })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, userId),
        eq(ledger.kind, "grant"),
        sql`left(${ledger.idempotencyKey}, ${prefix.length}) = ${prefix}`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The last month's allowance as the ledger tells it: granted, spent since, and what may expire. */
async function lastMonthsAllowance(tx: Db, userId: string, balance: number): Promise<number> {
  const [latest] = await tx
    .select({ key: ledger.idempotencyKey })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, "grant")))
    .orderBy(sql`${ledger.id} desc`)
    .limit(1);
  if (!latest) return 0;
  const prefix = `${latest.key.slice(0, latest.key.lastIndexOf(":"))}:`;
  const [first] = await tx
    .select({ id: sql<string | number>`min(${ledger.id})` })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, userId),
        eq(ledger.kind, "grant"),
        sql`left(${ledger.idempotencyKey}, ${prefix.length}) = ${prefix}`,
      ),
    );
  const since = Number(first?.id ?? 0);
  const [use] = await tx
    .select({
      granted: sql<
        string | number | null
      >`sum(${ledger.amount}) filter (where ${ledger.kind} = 'grant')`,
      spent: sql<
        string | number | null
      >`-sum(${ledger.amount}) filter (where ${ledger.kind} = 'debit')`,
    })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), sql`${ledger.id} >= ${since}`));
  return expiringAllowance({
    granted: Number(use?.granted ?? 0),
    spent: Number(use?.spent ?? 0),
    balance,
  });
}

export async function ensureCreditGrants({
  db,
  userId,
  now = new Date(),
  env = DEFAULT_SETTINGS,
  plan,
}: EnsureCreditGrantsOptions): Promise<EnsuredCredits> {
  const current = plan ?? (await readEffectivePlan({ db, userId, now, env }));
  const none = { plan: current, granted: 0, expired: 0 };
  const allowance = current.allowance;
  if (!allowance?.due) return none;
  const month = creditWindow(allowance.anchor, now);
  const monthKey = `grant:${allowance.sourceKey}:${month.start.toISOString()}`;
  // The usual case, without a lock: this month's allowance is there already.
  if ((await grantedInMonth(db, userId, monthKey)) >= allowance.amount) return none;
  const label = `${planLabel(allowance.tier)} plan`;
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.insert(schema.creditBalances).values({ userId }).onConflictDoNothing();
      const [locked] = await tx
        .select({ balance: schema.creditBalances.balance })
        .from(schema.creditBalances)
        .where(eq(schema.creditBalances.userId, userId))
        .for("update");
      const already = await grantedInMonth(tx, userId, monthKey);
      const topUp = allowance.amount - already;
      if (topUp <= 0) return none;
      let expired = 0;
      if (already === 0) {
        expired = await lastMonthsAllowance(tx, userId, locked?.balance ?? 0);
        if (expired > 0) {
          await appendCreditEntry(tx, {
            userId,
            amount: -expired,
            kind: "expire",
            reason: "Last month's unused credits expired",
            idempotencyKey: `expire:${monthKey}`,
            now,
          });
        }
      }
      await appendCreditEntry(tx, {
        userId,
        amount: topUp,
        kind: "grant",
        reason:
          already === 0
            ? `${label}: this month's credits`
            : `${label}: this month's credits, topped up after the change of plan`,
        idempotencyKey: `${monthKey}:${allowance.tier}`,
        now,
      });
      return { plan: current, granted: topUp, expired };
    });
  } catch (error) {
    // Another request granted it first (the key is unique): nothing more to do.
    if (error instanceof DuplicateCreditEntry) return none;
    throw error;
  }
}
