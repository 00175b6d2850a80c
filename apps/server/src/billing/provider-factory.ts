/**
 * The provider BILLING_PROVIDER names, made from the settings: local (the default, no network)
 * or Stripe (which needs its secret key and webhook signing secret; env.ts insists on both in
 * production, and this refuses to start without them anywhere).
 */
import type { Db } from "@lumen/db";
import type { Env } from "../env.ts";
import { createLocalProvider } from "./local-provider.ts";
import type { BillingProvider } from "./provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

export function createBillingProvider(options: {
  env: Env;
  db: Db;
  clock: () => Date;
}): BillingProvider {
  const { env } = options;
  if (env.BILLING_PROVIDER === "local") {
    return createLocalProvider({
      db: options.db,
      secret: env.LOCAL_BILLING_WEBHOOK_SECRET,
      clock: options.clock,
    });
  }
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      "Invalid setting STRIPE_SECRET_KEY: BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  return createStripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE,
    clock: options.clock,
  });
}
