/**
 * An admin grants credits by hand, with a reason the learner reads in their ledger (POST
 * /v1/admin/users/:userId/credits, `npm run admin -- grant-credits`). The entry, the balance and
 * the audit entry are one transaction; the key makes a double click or a retry grant once.
 */
import type { Db } from "@lumen/db";
import {
  appendCreditEntry,
  type CreditResult,
  checkCreditInput,
  DuplicateCreditEntry,
  findCreditEntry,
  replayOf,
} from "../billing/credit-store.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminGrantCreditsOptions {
  db: Db;
  actor: AuditActor | null;
  userId: string;
  amount: number;
  reason: string;
  /** One per form shown (or per command run); a fresh one when absent. */
  idempotencyKey?: string;
  now?: Date;
  auditDetail?: Record<string, unknown>;
}

export async function adminGrantCredits({
  db,
  actor,
  userId,
  amount,
  reason,
  idempotencyKey = crypto.randomUUID(),
  now = new Date(),
  auditDetail = {},
}: AdminGrantCreditsOptions): Promise<CreditResult> {
  const text = reason.trim();
  const key = `admin:${idempotencyKey}`;
  checkCreditInput({ amount, reason: text, key });
  const user = await findAdminTarget(db, userId);
  const first = await findCreditEntry(db, user.id, key);
  if (first) return replayOf(first, "admin", amount);
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const result = await appendCreditEntry(tx, {
        userId: user.id,
        amount,
        kind: "admin",
        reason: text,
        idempotencyKey: key,
        actorId: actor?.id ?? null,
        now,
      });
      await recordAudit(tx, {
        actor,
        action: "billing.credits.grant",
        target: { id: user.id, email: user.email },
        detail: { amount, reason: text, entryId: result.entry.id, ...auditDetail },
      });
      return result;
    });
  } catch (error) {
    if (!(error instanceof DuplicateCreditEntry)) throw error;
    const winner = await findCreditEntry(db, user.id, key);
    if (!winner) throw error;
    return replayOf(winner, "admin", amount);
  }
}
