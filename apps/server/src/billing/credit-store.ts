/**
 * The credit ledger's one way in (issue 15, ADR 0045): an entry and the balance change it makes,
 * written together inside the caller's transaction. The balance moves in one conditional UPDATE,
 * so parallel spending can never take it below zero (and the table's CHECK says so again); the
 * ledger's unique idempotency key makes a repeated change a no-op the caller can recognise.
 */
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { AppError } from "../errors.ts";

export type CreditEntryRow = typeof schema.creditLedger.$inferSelect;
export type CreditKind = "grant" | "debit" | "admin" | "expire";

/** No balance grows past this: far above any plan, far below the column's integer limit. */
export const MAX_CREDIT_BALANCE = 1_000_000_000;
/** The longest reason and idempotency key we store. */
export const MAX_CREDIT_TEXT = 200;

/** Thrown inside a transaction whose key was already used: the caller rolls back and replays. */
export class DuplicateCreditEntry extends Error {}

export interface CreditChange {
  userId: string;
  /** Positive adds, negative takes away. */
  amount: number;
  kind: CreditKind;
  reason: string;
  idempotencyKey: string;
  actorId?: string | null;
  now: Date;
}

export interface CreditResult {
  entry: CreditEntryRow;
  balance: number;
  /** True when the key had been used: nothing changed, and this is the first change's result. */
  replayed: boolean;
}

export const insufficientCredits = (wanted: number) =>
  new AppError(
    "insufficient_credits",
    `This needs ${wanted} ${wanted === 1 ? "credit" : "credits"}, and your balance is too low.`,
  );

/** Checks what a caller passed, as any boundary would: 400 naming the field. */
export function checkCreditInput(input: { amount: number; reason: string; key: string }): void {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > MAX_CREDIT_BALANCE)
    throw new AppError("validation_failed", "amount: must be a whole number of credits, 1 or more");
  if (input.reason.trim().length === 0 || input.reason.length > MAX_CREDIT_TEXT)
    throw new AppError("validation_failed", `reason: 1 to ${MAX_CREDIT_TEXT} characters`);
  if (input.key.length === 0 || input.key.length > MAX_CREDIT_TEXT)
    throw new AppError("validation_failed", `idempotencyKey: 1 to ${MAX_CREDIT_TEXT} characters`);
}

export async function findCreditEntry(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<CreditEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.creditLedger)
    .where(
      and(
        eq(schema.creditLedger.userId, userId),
        eq(schema.creditLedger.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row;
}

export async function readCreditBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: schema.creditBalances.balance })
    .from(schema.creditBalances)
    .where(eq(schema.creditBalances.userId, userId));
  return row?.balance ?? 0;
}

/**
 * The result of a key used before: the first change, unless the key now names another change (a
 * different kind or amount), which is the caller's mistake and is refused.
 */
export function replayOf(first: CreditEntryRow, kind: CreditKind, amount: number): CreditResult {
  if (first.kind !== kind || first.amount !== amount) {
    throw new AppError(
      "conflict",
      "This idempotency key was already used for another credit change: use a new key.",
    );
  }
  return { entry: first, balance: first.balanceAfter, replayed: true };
}

/**
 * Moves the balance and appends the entry; call inside a transaction. Throws insufficient_credits
 * when a debit would go below zero, and DuplicateCreditEntry when the key was used (roll back).
 */
export async function appendCreditEntry(tx: Db, change: CreditChange): Promise<CreditResult> {
  const balances = schema.creditBalances;
  const size = Math.abs(change.amount);
  let moved: Array<{ balance: number }>;
  if (change.amount >= 0) {
    await tx.insert(balances).values({ userId: change.userId }).onConflictDoNothing();
    moved = await tx
      .update(balances)
      .set({ balance: sql`${balances.balance} + ${size}`, updatedAt: change.now })
      .where(
        and(
          eq(balances.userId, change.userId),
          sql`${balances.balance} <= ${MAX_CREDIT_BALANCE - size}`,
        ),
      )
      .returning({ balance: balances.balance });
    if (moved.length === 0) {
      throw new AppError("conflict", `A balance cannot grow past ${MAX_CREDIT_BALANCE} credits.`);
    }
  } else {
    // The one statement that decides a debit: it applies only while the balance covers it.
    moved = await tx
      .update(balances)
      .set({ balance: sql`${balances.balance} - ${size}`, updatedAt: change.now })
      .where(and(eq(balances.userId, change.userId), sql`${balances.balance} >= ${size}`))
      .returning({ balance: balances.balance });
    if (moved.length === 0) throw insufficientCredits(size);
  }
  const balance = moved[0]?.balance ?? 0;
  const [entry] = await tx
    .insert(schema.creditLedger)
    .values({
      userId: change.userId,
      amount: change.amount,
      kind: change.kind,
      reason: change.reason,
      idempotencyKey: change.idempotencyKey,
      balanceAfter: balance,
      actorId: change.actorId ?? null,
      createdAt: change.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!entry) throw new DuplicateCreditEntry(change.idempotencyKey);
  return { entry, balance, replayed: false };
}

/**
 * One change in its own transaction, idempotent by its key: a key used before answers the first
 * change's result, also when two requests with one key race (the loser rolls back and replays).
 */
export async function applyCreditChange(db: Db, change: CreditChange): Promise<CreditResult> {
  const first = await findCreditEntry(db, change.userId, change.idempotencyKey);
  if (first) return replayOf(first, change.kind, change.amount);
  try {
    return await db.transaction((tx) => appendCreditEntry(tx as unknown as Db, change));
  } catch (error) {
    const raced =
      error instanceof DuplicateCreditEntry ||
      (error instanceof AppError && error.code === "insufficient_credits");
    if (!raced) throw error;
    // The key's first use may have committed while this one waited for the balance's row.
    const winner = await findCreditEntry(db, change.userId, change.idempotencyKey);
    if (winner) return replayOf(winner, change.kind, change.amount);
    throw error;
  }
}
