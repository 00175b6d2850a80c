/**
 * The console's subscriptions page (GET /v1/admin/subscriptions): accounts by email or name (any
 * case), filtered by a subscription status or "granted" (an admin's plan grant in force), each
 * with the plan in force, its subscription and grant, and the credit balance; a page at a time,
 * in email order. Without a search or a filter: every account that ever had a plan.
 */
import { ADMIN_SUBSCRIPTIONS_PAGE_SIZE, type AdminSubscriptionState } from "@lumen/contracts";
import { and, asc, type Db, inArray, or, schema, sql } from "@lumen/db";
import type { UserRow } from "../auth/users.ts";
import {
  type EffectivePlan,
  effectivePlanOf,
  type PlanSettings,
} from "../billing/effective-plan.ts";

export interface AdminListSubscriptionsOptions {
  db: Db;
  now: Date;
  env: PlanSettings;
  query?: string;
  state?: AdminSubscriptionState;
  cursor?: string;
  pageSize?: number;
}

export interface AdminSubscriptionListRow {
  user: UserRow;
  plan: EffectivePlan;
  balance: number;
}

/** `%` and `_` typed by the operator are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function stateCondition(state: AdminSubscriptionState | undefined, now: Date) {
  const users = schema.users;
  const hasSubscription = (status?: string) =>
    sql`exists (select 1 from ${schema.subscriptions} s where s.user_id = ${users.id}${
      status ? sql` and s.status = ${status}` : sql``
    })`;
  const grantInForce = sql`exists (select 1 from ${schema.planGrants} g where g.user_id = ${users.id}
    and g.revoked_at is null and g.starts_at <= ${now} and (g.ends_at is null or g.ends_at > ${now}))`;
  if (state === "granted") return grantInForce;
  if (state) return hasSubscription(state);
  return or(
    hasSubscription(),
    sql`exists (select 1 from ${schema.planGrants} g where g.user_id = ${users.id})`,
  );
}

export async function adminListSubscriptions({
  db,
  now,
  env,
  query,
  state,
  cursor,
  pageSize = ADMIN_SUBSCRIPTIONS_PAGE_SIZE,
}: AdminListSubscriptionsOptions): Promise<{
  rows: AdminSubscriptionListRow[];
  nextCursor: string | null;
}> {
  const users = schema.users;
  const text = query?.trim();
  const conditions = [];
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(
      or(sql`${users.email} ilike ${pattern}`, sql`${users.displayName} ilike ${pattern}`),
    );
  }
  if (state || !text) conditions.push(stateCondition(state, now));
  if (cursor) conditions.push(sql`${users.email} > ${cursor}`);
  const found = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.email))
    .limit(pageSize + 1);
  const page = found.slice(0, pageSize);
  const nextCursor = found.length > pageSize ? (page.at(-1)?.email ?? null) : null;
  if (page.length === 0) return { rows: [], nextCursor };
  const ids = page.map((u) => u.id);
  const [subscriptions, grants, balances] = await Promise.all([
    db.select().from(schema.subscriptions).where(inArray(schema.subscriptions.userId, ids)),
    db.select().from(schema.planGrants).where(inArray(schema.planGrants.userId, ids)),
    db.select().from(schema.creditBalances).where(inArray(schema.creditBalances.userId, ids)),
  ]);
  const rows = page.map((user) => ({
    user,
    plan: effectivePlanOf(
      subscriptions.filter((s) => s.userId === user.id),
      grants.filter((g) => g.userId === user.id),
      now,
      env,
    ),
    balance: balances.find((b) => b.userId === user.id)?.balance ?? 0,
  }));
  return { rows, nextCursor };
}
