/**
 * The signed-in user's plan (GET /v1/me/plan): what is in force and where it comes from, what it
 * unlocks, the subscription (with its grace when a payment failed), and the credits, after this
 * month's allowance was granted if it is due.
 */
import type { Db } from "@lumen/db";
import { readCreditBalance } from "../billing/credit-store.ts";
import type { EffectivePlan, PlanSettings } from "../billing/effective-plan.ts";
import { ensureCreditGrants } from "./ensure-credit-grants.ts";

export interface ReadPlanOptions {
  db: Db;
  userId: string;
  now: Date;
  env: PlanSettings;
}

export interface PlanRead {
  plan: EffectivePlan;
  balance: number;
}

export async function readPlan({ db, userId, now, env }: ReadPlanOptions): Promise<PlanRead> {
  const { plan } = await ensureCreditGrants({ db, userId, now, env });
  return { plan, balance: await readCreditBalance(db, userId) };
}
