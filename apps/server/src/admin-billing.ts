/**
 * The operator's billing verbs for `npm run admin` (issue 15): grant or revoke a plan (staff and
 * partner tiers are entitlements, not prices) and grant credits with a reason. admin.ts runs
 * them; each is a console command (admin-grant-plan.ts…) with the audit entry written in its
 * transaction, the actor null and `{ via: "cli", operator }` in the detail.
 */
import { GRANTABLE_TIERS } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { findUserByEmail, normaliseEmail, type UserRow } from "./auth/users.ts";
import { adminGrantCredits } from "./commands/admin-grant-credits.ts";
import { adminGrantPlan } from "./commands/admin-grant-plan.ts";
import { adminRevokePlanGrant } from "./commands/admin-revoke-plan-grant.ts";
import { UnknownAccountError } from "./commands/grant-role.ts";
import { AppError } from "./errors.ts";

export const BILLING_USAGE = `  grant-plan <email> <tier> [--reason <text>]
                                grant a plan (tiers: ${GRANTABLE_TIERS.join(", ")}); it replaces the grant in force
  revoke-plan <email>           end every plan grant in force
  grant-credits <email> <amount> --reason <text>
                                add credits; the reason shows in the learner's ledger`;

/** `--name value` or `--name=value`, wherever it is among the arguments. */
function option(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at === -1) return undefined;
  const arg = args[at] ?? "";
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[at + 1];
}

async function accountOf(db: Db, email: string | undefined, fail: (m: string) => Error) {
  if (!email) throw fail("an email is needed.");
  const user: UserRow | undefined = await findUserByEmail(db, normaliseEmail(email));
  if (!user) throw new UnknownAccountError(email);
  return user;
}

/** Runs one billing verb; answers what to print. `fail` makes the usage error admin.ts prints. */
export async function runBillingAdmin(
  args: string[],
  db: Db,
  operator: string,
  fail: (message: string) => Error,
): Promise<string> {
  try {
    return await run(args, db, operator, fail);
  } catch (error) {
    // A refusal of the console's commands (a bad amount, say) is the operator's to fix.
    if (error instanceof AppError) throw fail(error.message);
    throw error;
  }
}

async function run(args: string[], db: Db, operator: string, fail: (message: string) => Error) {
  const [verb, email, value] = args;
  const cli = { via: "cli", operator };
  switch (verb) {
    case "grant-plan": {
      const tier = GRANTABLE_TIERS.find((t) => t === value);
      if (!tier) throw fail(`grant-plan needs an email and a tier: ${GRANTABLE_TIERS.join(", ")}.`);
      const user = await accountOf(db, email, fail);
      const reason = option(args, "--reason") ?? `Granted by ${operator} with npm run admin`;
      const grant = await adminGrantPlan({
        db,
        actor: null,
        userId: user.id,
        tier,
        reason,
        auditDetail: cli,
      });
      return `${user.email} now has the ${tier} plan (grant ${grant.id}), until it is revoked.`;
    }
    case "revoke-plan": {
      const user = await accountOf(db, email, fail);
      const revoked = await adminRevokePlanGrant({
        db,
        actor: null,
        userId: user.id,
        auditDetail: cli,
      });
      return revoked.length === 0
        ? `${user.email} has no plan grant in force: nothing changed.`
        : `Ended ${user.email}'s ${revoked.map((g) => g.tier).join(", ")} plan grant. What they finished and saved stays theirs.`;
    }
    case "grant-credits": {
      const amount = Number(value);
      const reason = option(args, "--reason");
      if (!value || !Number.isSafeInteger(amount) || amount < 1) {
        throw fail("grant-credits needs an email and a whole number of credits, 1 or more.");
      }
      if (!reason?.trim())
        throw fail("grant-credits needs --reason <text> (the learner reads it).");
      const user = await accountOf(db, email, fail);
      const result = await adminGrantCredits({
        db,
        actor: null,
        userId: user.id,
        amount,
        reason,
        auditDetail: cli,
      });
      return `Granted ${amount} credits to ${user.email}: their balance is ${result.balance}.`;
    }
    default:
      throw fail(`Unknown command ${verb}.`);
  }
}
