/**
 * A user's credits (GET /v1/me/credits): the balance, when the next month's allowance comes, and
 * the ledger newest first, a page at a time (`before`: the last id of the page before). This
 * month's allowance is granted first if it is due, so the page never shows a stale balance.
 */
import { CREDITS_PAGE_SIZE } from "@lumen/contracts";
import { and, type Db, desc, eq, schema, sql } from "@lumen/db";
import { type CreditEntryRow, readCreditBalance } from "../billing/credit-store.ts";
import type { EffectivePlan, PlanSettings } from "../billing/effective-plan.ts";
import { ensureCreditGrants } from "./ensure-credit-grants.ts";

export interface ReadCreditsOptions {
  db: Db;
  userId: string;
  now: Date;
  env: PlanSettings;
  before?: number;
  pageSize?: number;
}

export interface CreditsRead {
  plan: EffectivePlan;
  balance: number;
  entries: CreditEntryRow[];
  nextBefore: number | null;
}

/** One page of a user's ledger, newest first (the admin console reads it too). */
export async function readLedgerPage(
  db: Db,
  userId: string,
  before?: number,
  pageSize = CREDITS_PAGE_SIZE,
): Promise<{ entries: CreditEntryRow[]; nextBefore: number | null }> {
  const ledger = schema.creditLedger;
  const rows = await db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, userId), before ? sql`${ledger.id} < ${before}` : undefined))
    .orderBy(desc(ledger.id))
    .limit(pageSize + 1);
  const entries = rows.slice(0, pageSize);
  return {
    entries,
    nextBefore: rows.length > pageSize ? (entries.at(-1)?.id ?? null) : null,
  };
}

export async function readCredits({
  db,
  userId,
  now,
  env,
  before,
  pageSize,
}: ReadCreditsOptions): Promise<CreditsRead> {
  const { plan } = await ensureCreditGrants({ db, userId, now, env });
  const [balance, page] = await Promise.all([
    readCreditBalance(db, userId),
    readLedgerPage(db, userId, before, pageSize),
  ]);
  return { plan, balance, ...page };
}
