/**
 * The demo accounts `npm start` creates on the embedded database (issue 3): a learner, a course
 * engineer, (issue 14) an administrator and (issue 15) a learner on a paid plan, with well-known
 * passwords printed in the README.
 * Never seeded in production.
 */
import type { PlanTier } from "@lumen/core";
import type { Db } from "@lumen/db";
import { AuthError } from "../auth/auth-error.ts";
import { noRateLimit } from "../auth/rate-limit.ts";
import { adminGrantPlan } from "../commands/admin-grant-plan.ts";
import { signUpUser } from "../commands/sign-up-user.ts";

export const DEMO_ACCOUNTS = [
  {
    email: "learner@lumen.localhost",
    password: "learner-demo",
    displayName: "Demo Learner",
    roles: [],
  },
  {
    email: "engineer@lumen.localhost",
    password: "engineer-demo",
    displayName: "Demo Course Engineer",
    roles: ["course_engineer"],
  },
  {
    email: "admin@lumen.localhost",
    password: "admin-demo",
    displayName: "Demo Admin",
    roles: ["admin"],
  },
  // Issue 15: a learner on a paid plan, to see every lesson and the credits page. The plan is an
  // admin's grant, so the demo needs no payment provider.
  {
    email: "subscriber@lumen.localhost",
    password: "subscriber-demo",
    displayName: "Demo Subscriber",
    roles: [],
    plan: "tier-2",
  },
] as const satisfies ReadonlyArray<{
  email: string;
  password: string;
  displayName: string;
  roles: readonly string[];
  plan?: Exclude<PlanTier, "free">;
}>;

/** Creates the demo accounts that do not exist yet; answers the emails created. */
export async function seedDemoAccounts(options: { db: Db }): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    try {
      const user = await signUpUser({
        db: options.db,
        limiter: noRateLimit,
        ip: "seed",
        email: account.email,
        password: account.password,
        displayName: account.displayName,
        roles: [...account.roles],
        emailVerified: true,
      });
      if ("plan" in account) {
        await adminGrantPlan({
          db: options.db,
          actor: null,
          userId: user.id,
          tier: account.plan,
          reason: "Demo account",
          auditDetail: { via: "seed" },
        });
      }
      created.push(account.email);
    } catch (error) {
      // Already there from an earlier start: leave it as its owner left it.
      if (!(error instanceof AuthError && error.code === "auth/email-already-in-use")) throw error;
    }
  }
  return created;
}
