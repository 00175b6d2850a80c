/**
 * What the learner's next AI message costs and whether it can be sent (issue 16), asked before
 * sending: learners whose plan has no AI get AI_FREE_DAILY_MESSAGES free replies a day (their own
 * day, in their time zone), counted from the replies stored; past those, and for plans with AI
 * from the first, a reply costs AI_CREDITS_PER_MESSAGE credits from the ledger of issue 15.
 * Failed replies are free and do not count.
 */
import { localDate, startOfLocalDay } from "@lumen/core";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { readCreditBalance } from "../billing/credit-store.ts";
import type { EffectivePlan } from "../billing/effective-plan.ts";
import { ensureCreditGrants } from "../commands/ensure-credit-grants.ts";
import type { Env } from "../env.ts";

/** The cheapest plan whose entitlements include AI, named when credits run out. */
export const AI_UNLOCKED_BY = "tier-1";

export type AllowanceSettings = Pick<
  Env,
  "AI_CREDITS_PER_MESSAGE" | "AI_FREE_DAILY_MESSAGES" | "BILLING_GRACE_DAYS"
>;

export interface AiAllowance {
  plan: EffectivePlan;
  balance: number;
  freePerDay: number;
  freeLeft: number;
  /** Credits the next reply costs (0 while free replies are left). */
  cost: number;
  /** The balance covers the cost. */
  affordable: boolean;
}

async function freeRepliesToday(db: Db, userId: string, now: Date): Promise<number> {
  const [progress] = await db
    .select({ timeZone: schema.learnerProgress.timeZone })
    .from(schema.learnerProgress)
    .where(eq(schema.learnerProgress.userId, userId));
  const timeZone = progress?.timeZone ?? "UTC";
  const since = startOfLocalDay(localDate(now, timeZone), timeZone);
  const m = schema.aiMessages;
  const c = schema.aiConversations;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(m)
    .innerJoin(c, eq(c.id, m.conversationId))
    .where(
      and(
        eq(m.userId, userId),
        eq(m.role, "assistant"),
        sql`${m.status} <> 'error'`,
        eq(m.credits, 0),
        sql`${m.createdAt} >= ${since.toISOString()}::timestamptz`,
        sql`${c.kind} <> 'onboarding'`,
      ),
    );
  return Number(row?.count ?? 0);
}

export async function readAiAllowance({
  db,
  userId,
  now,
  env,
}: {
  db: Db;
  userId: string;
  now: Date;
  env: AllowanceSettings;
}): Promise<AiAllowance> {
  // This month's allowance first, so a new month's credits count at once.
  const { plan } = await ensureCreditGrants({ db, userId, now, env });
  const balance = await readCreditBalance(db, userId);
  const freePerDay = plan.entitlements.ai ? 0 : env.AI_FREE_DAILY_MESSAGES;
  const freeLeft =
    freePerDay === 0 ? 0 : Math.max(0, freePerDay - (await freeRepliesToday(db, userId, now)));
  const cost = freeLeft > 0 ? 0 : env.AI_CREDITS_PER_MESSAGE;
  return { plan, balance, freePerDay, freeLeft, cost, affordable: balance >= cost };
}
