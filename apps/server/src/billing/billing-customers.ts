/**
 * A user's customer at the provider: made once, on their first checkout, and kept in
 * `billing_customers`, so every later checkout, portal and event names the same customer.
 */
import { and, type Db, eq, schema } from "@lumen/db";
import type { BillingProvider } from "./provider.ts";

export async function findCustomerId(
  db: Db,
  provider: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ customerId: schema.billingCustomers.customerId })
    .from(schema.billingCustomers)
    .where(
      and(
        eq(schema.billingCustomers.userId, userId),
        eq(schema.billingCustomers.provider, provider),
      ),
    );
  return row?.customerId ?? null;
}

export async function ensureCustomer(
  db: Db,
  provider: BillingProvider,
  user: { id: string; email: string; displayName: string | null },
  now: Date,
): Promise<string> {
  const known = await findCustomerId(db, provider.name, user.id);
  if (known) return known;
  const customerId = await provider.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.displayName,
  });
  await db
    .insert(schema.billingCustomers)
    .values({ userId: user.id, provider: provider.name, customerId, createdAt: now })
    .onConflictDoNothing();
  // A request beside this one may have stored its customer first: that one is the user's.
  return (await findCustomerId(db, provider.name, user.id)) ?? customerId;
}
