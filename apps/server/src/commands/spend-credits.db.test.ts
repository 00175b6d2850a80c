/**
 * Spending and granting credits (issue 15): the balance never goes below zero under parallel
 * spending, nothing is lost, and a retried change with the same key changes nothing. On PGlite
 * the transactions take turns; on PostgreSQL (DATABASE_URL) they really run side by side.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { insertUser } from "../testing/billing-fixtures.ts";
import { grantCredits } from "./grant-credits.ts";
import { spendCredits } from "./spend-credits.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const ledgerOf = (userId: string) =>
  database.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
const balanceOf = async (userId: string) =>
  (
    await database.db
      .select()
      .from(schema.creditBalances)
      .where(eq(schema.creditBalances.userId, userId))
  )[0]?.balance;

async function withBalance(amount: number) {
  const user = await insertUser(database.db);
  await grantCredits({
    db: database.db,
    userId: user.id,
    amount,
    kind: "admin",
    reason: "Start",
    idempotencyKey: "start",
  });
  return user.id;
}

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === "rejected" && result.reason instanceof AppError ? result.reason.code : null;

describe("spendCredits under parallel spending", () => {
  it("50 parallel debits of 1 on a balance of 10: 10 applied, 40 refused, 0 left, none lost", async () => {
    const userId = await withBalance(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        spendCredits({
          db: database.db,
          userId,
          amount: 1,
          reason: "AI tutor message",
          idempotencyKey: `message-${i}`,
        }),
      ),
    );
    const applied = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => codeOf(r) === "insufficient_credits");
    expect(applied).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(await balanceOf(userId)).toBe(0);
    const ledger = await ledgerOf(userId);
    const debits = ledger.filter((e) => e.kind === "debit");
    expect(debits).toHaveLength(10);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    // Each applied debit saw its own balance: 9 down to 0, once each.
    expect(debits.map((e) => e.balanceAfter).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it("debits of different sizes in parallel never take the balance below zero", async () => {
    const userId = await withBalance(25);
    const sizes = [7, 3, 9, 5, 4, 6, 8, 2, 10, 1, 7, 3];
    const results = await Promise.allSettled(
      sizes.map((amount, i) =>
        spendCredits({
          db: database.db,
          userId,
          amount,
          reason: "App builder",
          idempotencyKey: `b${i}`,
        }),
      ),
    );
    const spent = sizes
      .filter((_, i) => results[i]?.status === "fulfilled")
      .reduce((a, b) => a + b, 0);
    expect(
      results.every((r) => r.status === "fulfilled" || codeOf(r) === "insufficient_credits"),
    ).toBe(true);
    expect(spent).toBeLessThanOrEqual(25);
    expect(await balanceOf(userId)).toBe(25 - spent);
    const ledger = await ledgerOf(userId);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(25 - spent);
  });

  it("refuses a debit larger than the balance with insufficient_credits (409), changing nothing", async () => {
    const userId = await withBalance(3);
    const refused = spendCredits({
      db: database.db,
      userId,
      amount: 4,
      reason: "AI tutor message",
      idempotencyKey: "too-much",
    });
    await expect(refused).rejects.toMatchObject({ code: "insufficient_credits", status: 409 });
    expect(await balanceOf(userId)).toBe(3);
    expect((await ledgerOf(userId)).map((e) => e.kind)).toEqual(["admin"]);
  });

  it("refuses a learner who never had credits", async () => {
    const { id } = await insertUser(database.db);
    await expect(
      spendCredits({ db: database.db, userId: id, amount: 1, reason: "AI", idempotencyKey: "x" }),
    ).rejects.toMatchObject({ code: "insufficient_credits" });
  });
});

describe("idempotency keys", () => {
  it("a retried debit answers the first result and spends once", async () => {
    const userId = await withBalance(5);
    const spend = () =>
      spendCredits({ db: database.db, userId, amount: 2, reason: "AI", idempotencyKey: "m-1" });
    const first = await spend();
    const again = await spend();
    expect(first).toMatchObject({ balance: 3, replayed: false });
    expect(again).toMatchObject({ balance: 3, replayed: true });
    expect(again.entry.id).toBe(first.entry.id);
    expect(await balanceOf(userId)).toBe(3);
  });

  it("the same debit sent 20 times at once is applied once", async () => {
    const userId = await withBalance(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        spendCredits({ db: database.db, userId, amount: 1, reason: "AI", idempotencyKey: "same" }),
      ),
    );
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(4);
  });

  it("a retry still answers the first result after the balance ran out", async () => {
    const userId = await withBalance(1);
    const spend = () =>
      spendCredits({ db: database.db, userId, amount: 1, reason: "AI", idempotencyKey: "last" });
    await spend();
    await expect(spend()).resolves.toMatchObject({ replayed: true, balance: 0 });
  });

  it("a key used for another amount is refused (409 conflict)", async () => {
    const userId = await withBalance(5);
    await spendCredits({ db: database.db, userId, amount: 1, reason: "AI", idempotencyKey: "k" });
    await expect(
      spendCredits({ db: database.db, userId, amount: 2, reason: "AI", idempotencyKey: "k" }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("a retried grant adds once, also in parallel", async () => {
    const { id: userId } = await insertUser(database.db);
    const grant = () =>
      grantCredits({
        db: database.db,
        userId,
        amount: 50,
        kind: "admin",
        reason: "Thanks for the bug report",
        idempotencyKey: "report-7",
      });
    const results = await Promise.all([grant(), grant(), grant(), grant()]);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(50);
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it("debit keys live apart from grant keys", async () => {
    const userId = await withBalance(5);
    const spent = await spendCredits({
      db: database.db,
      userId,
      amount: 1,
      reason: "AI",
      idempotencyKey: "start",
    });
    expect(spent.replayed).toBe(false);
    expect(spent.entry.idempotencyKey).toBe("use:start");
  });
});

describe("input checks", () => {
  it.each([
    [0, "reason", "key"],
    [-3, "reason", "key"],
    [1.5, "reason", "key"],
    [Number.NaN, "reason", "key"],
    [1, "", "key"],
    [1, "r".repeat(201), "key"],
    [1, "reason", ""],
  ])("refuses amount %s, reason %j, key %j with validation_failed", async (amount, reason, key) => {
    const { id } = await insertUser(database.db);
    await expect(
      spendCredits({ db: database.db, userId: id, amount, reason, idempotencyKey: key }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      grantCredits({
        db: database.db,
        userId: id,
        amount,
        kind: "admin",
        reason,
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("never lets a balance pass a billion credits", async () => {
    const userId = await withBalance(1_000_000_000);
    await expect(
      grantCredits({
        db: database.db,
        userId,
        amount: 1,
        kind: "admin",
        reason: "r",
        idempotencyKey: "more",
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(await balanceOf(userId)).toBe(1_000_000_000);
  });
});
