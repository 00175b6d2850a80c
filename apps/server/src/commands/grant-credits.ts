/**
 * Adds credits to a user's balance (issue 15): a month's allowance (`grant`, written by
 * ensure-credit-grants.ts) or credits an admin gives by hand (`admin`, admin-grant-credits.ts).
 * Idempotent by its key: a retry answers the first grant's result and adds nothing. The monthly
 * allowance itself is granted by ensure-credit-grants.ts alone (never call this for it as well).
 */
import type { Db } from "@lumen/db";
import { applyCreditChange, type CreditResult, checkCreditInput } from "../billing/credit-store.ts";

export interface GrantCreditsOptions {
  db: Db;
  userId: string;
  amount: number;
  kind: "grant" | "admin";
  /** What the learner reads in their ledger: the plan and month, or the admin's reason. */
  reason: string;
  idempotencyKey: string;
  /** The admin who granted them, for `admin` grants. */
  actorId?: string | null;
  now?: Date;
}

export async function grantCredits({
  db,
  userId,
  amount,
  kind,
  reason,
  idempotencyKey,
  actorId = null,
  now = new Date(),
}: GrantCreditsOptions): Promise<CreditResult> {
  checkCreditInput({ amount, reason, key: idempotencyKey });
  return applyCreditChange(db, {
    userId,
    amount,
    kind,
    reason,
    // Each kind keeps its keys apart ("grant:…", "admin:…"), as spend-credits.ts does ("use:…").
    idempotencyKey: `${kind}:${idempotencyKey}`,
    actorId,
    now,
  });
}
