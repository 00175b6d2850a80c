import { planLabel } from "@lumen/core";
import type { Db } from "@lumen/db";
import type { Logger } from "pino";
import type { AiService } from "../ai/ai-service.ts";
import type { UserRow } from "../auth/users.ts";
import { readEffectivePlan } from "../billing/effective-plan.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import type { MachineService } from "../machines/machine-service.ts";
import type { FlagService } from "../operations/flags/flag-service.ts";

/** The tier whose plan first opens the builder (its label is in plan_required's sentence). */
export const BUILDER_UNLOCKED_BY = "tier-1";

export const INSTANCES_UNLOCKED_BY = "tier-2";

/** "Starter plan" is already a plan's name; "100 Credits" becomes "100 Credits plan". */
const planName = (tier: typeof BUILDER_UNLOCKED_BY | typeof INSTANCES_UNLOCKED_BY) => {
  const label = planLabel(tier);
  return /plan$/i.test(label) ? label : `${label} plan`;
};

export interface BuilderDeps {
  db: Db;
  env: Env;
  logger: Logger;
  ai: AiService;
  flags: FlagService;
  machines: MachineService;
  clock: () => Date;
  running: Set<Promise<void>>;
}

/** 402 plan_required unless the learner's plan includes the builder (or instances). */
export async function assertBuilderPlan(
  deps: Pick<BuilderDeps, "db" | "env" | "clock">,
  user: UserRow,
  what: "appBuilder" | "instances" = "appBuilder",
): Promise<void> {
  const plan = await readEffectivePlan({
    db: deps.db,
    userId: user.id,
    now: deps.clock(),
    env: deps.env,
  });
  if (plan.entitlements[what]) return;
  throw what === "appBuilder"
    ? new AppError(
        "plan_required",
        `The AI app builder is part of the ${planName(BUILDER_UNLOCKED_BY)} and the plans above it.`,
      )
    : new AppError(
        "plan_required",
        `Publishing apps is part of the ${planName(INSTANCES_UNLOCKED_BY)} and the plans above it.`,
      );
}
