/**
 * Spends credits on a use (issue 15: the AI features and the app builder): one conditional UPDATE
 * takes them off the balance only while it covers them, and the ledger entry is written in the
 * same transaction. A balance too low is 409 insufficient_credits; a retry with the same
 * idempotency key answers the first spend's result and spends nothing. This month's allowance is
 * granted first, if it is due and not yet granted.
 */
import type { Db } from "@lumen/db";
import { applyCreditChange, type CreditResult, checkCreditInput } from "../billing/credit-store.ts";
import type { PlanSettings } from "../billing/effective-plan.ts";
import { ensureCreditGrants } from "./ensure-credit-grants.ts";

export interface SpendCreditsOptions {
  db: Db;
  userId: string;
  amount: number;
  /** What the learner reads in their ledger: the feature used ("AI tutor message"). */
  reason: string;
  /** One per use, chosen by the caller (a request id, a message id): a retry sends the same. */
  idempotencyKey: string;
  now?: Date;
  /** BILLING_GRACE_DAYS, for the plan whose allowance is granted first. */
  env?: PlanSettings;
}

export async function spendCredits({
  db,
  userId,
  amount,
  reason,
  idempotencyKey,
  now = new Date(),
  env,
}: SpendCreditsOptions): Promise<CreditResult> {
  checkCreditInput({ amount, reason, key: idempotencyKey });
  await ensureCreditGrants({ db, userId, now, env });
  return applyCreditChange(db, {
    userId,
    amount: -amount,
    kind: "debit",
    reason,
    // A namespace of its own: no caller's key can take the place of a future month's grant.
    idempotencyKey: `use:${idempotencyKey}`,
    now,
  });
}
