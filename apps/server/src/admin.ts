/**
 * The operator's command line (`npm run admin -- <verb> ...`): roles, the first administrator,
 * disabling accounts and impersonation tokens, plan grants and credits (admin-billing.ts), the
 * import of Firebase Authentication users (admin-firebase-import.ts), against the database the
 * server uses (same settings). Every change is written to the audit log with no actor (the
 * command line).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Database, type Db, openDatabase } from "@lumen/db";
import { BILLING_USAGE, runBillingAdmin } from "./admin-billing.ts";
import { FIREBASE_IMPORT_USAGE, runFirebaseImport } from "./admin-firebase-import.ts";
import { findUserByEmail, normaliseEmail, type UserRow } from "./auth/users.ts";
import { AdminAlreadyExistsError, makeFirstAdmin } from "./commands/admin-make-first-admin.ts";
import { createImpersonationToken } from "./commands/create-impersonation-token.ts";
import { disableUser } from "./commands/disable-user.ts";
import { enableUser } from "./commands/enable-user.ts";
import { grantRole, KNOWN_ROLES, UnknownAccountError } from "./commands/grant-role.ts";
import { revokeRole } from "./commands/revoke-role.ts";
import { seedDemoAnalytics } from "./commands/seed-demo-analytics.ts";
import { EnvError, parseEnv } from "./env.ts";
import { recordAudit } from "./operations/audit-log.ts";

export const USAGE = `Usage: npm run admin -- <command>
  make-first-admin <email>      make the first administrator (refused once any account is admin)
  grant-role <email> <role>     give a role (roles: ${KNOWN_ROLES.join(", ")})
  revoke-role <email> <role>    take a role away
  disable-user <email>          stop an account signing in; its sessions end now
  enable-user <email>           let a disabled account sign in again
  impersonate <email>           print an impersonation token (needs ALLOW_IMPERSONATION=true to be used)
  seed-demo-analytics           generate a few weeks of demo analytics (not in production)
${BILLING_USAGE}
${FIREBASE_IMPORT_USAGE}`;

/** Runs one command; answers what to print, or throws with what went wrong. */
export async function runAdmin(
  args: string[],
  database: Database,
  operator: string,
): Promise<string> {
  const [verb, email, role] = args;
  const db = database.db;
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new UsageError(`${verb} needs ${what}.`);
    return value;
  };
  /** Runs a change and its audit entry in one transaction; no entry when nothing changed. */
  const audited = (
    action: string,
    detail: Record<string, unknown>,
    change: (tx: Db, before: UserRow | undefined) => Promise<UserRow>,
    changed: (before: UserRow | undefined, after: UserRow) => boolean,
  ) =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const before = await findUserByEmail(tx, normaliseEmail(need(email, "an email")));
      const after = await change(tx, before);
      if (changed(before, after)) {
        await recordAudit(tx, {
          actor: null,
          action,
          target: { id: after.id, email: after.email },
          detail: { ...detail, via: "cli", operator },
        });
      }
      return after;
    });
  switch (verb) {
    case "make-first-admin": {
      const user = await makeFirstAdmin({ db, email: need(email, "an email"), operator });
      return `${user.email} is now the first administrator: they open the admin console at /admin after their next sign-in or token refresh.`;
    }
    case "grant-role": {
      const r = need(role, "an email and a role");
      if (!(KNOWN_ROLES as readonly string[]).includes(r)) {
        throw new UsageError(`Unknown role ${r}. Roles: ${KNOWN_ROLES.join(", ")}.`);
      }
      const user = await audited(
        "user.role.grant",
        { role: r },
        (tx) => grantRole({ db: tx, email: need(email, "an email"), role: r }),
        (before, after) => !before?.roles.includes(r) && after.roles.includes(r),
      );
      return `${user.email} now has roles: ${user.roles.join(", ") || "(none)"}. It takes effect at their next sign-in or token refresh.`;
    }
    case "revoke-role": {
      const r = need(role, "an email and a role");
      const user = await audited(
        "user.role.revoke",
        { role: r },
        (tx) => revokeRole({ db: tx, email: need(email, "an email"), role: r }),
        (before, after) => Boolean(before?.roles.includes(r)) && !after.roles.includes(r),
      );
      return `${user.email} now has roles: ${user.roles.join(", ") || "(none)"}.`;
    }
    case "disable-user": {
      const user = await audited(
        "user.disable",
        {},
        (tx) => disableUser({ db: tx, email: need(email, "an email") }),
        () => true,
      );
      return `${user.email} is disabled; their sessions have ended.`;
    }
    case "enable-user": {
      const user = await audited(
        "user.enable",
        {},
        (tx) => enableUser({ db: tx, email: need(email, "an email") }),
        () => true,
      );
      return `${user.email} is enabled and can sign in again.`;
    }
    case "impersonate": {
      const token = await createImpersonationToken({
        db,
        email: need(email, "an email"),
        operator,
      });
      const user = await findUserByEmail(db, normaliseEmail(need(email, "an email")));
      if (user) {
        await recordAudit(db, {
          actor: null,
          action: "user.impersonate",
          target: { id: user.id, email: user.email },
          detail: { via: "cli", operator },
        });
      }
      return token;
    }
    case "seed-demo-analytics": {
      if (process.env.NODE_ENV === "production") {
        throw new UsageError("seed-demo-analytics is for development databases only.");
      }
      const events = await seedDemoAnalytics({ db, now: new Date() });
      return events > 0
        ? `Generated ${events} demo analytics events for demo learners.`
        : "Demo analytics are there already: nothing generated.";
    }
    case "grant-plan":
    case "revoke-plan":
    case "grant-credits":
      return runBillingAdmin(args, db, operator, (message) => new UsageError(message));
    case "import-firebase-users":
      return runFirebaseImport(args, db, operator, (message) => new UsageError(message));
    default:
      throw new UsageError(verb ? `Unknown command ${verb}.` : "No command given.");
  }
}

export class UsageError extends Error {}

async function main() {
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const operator = process.env.USER ?? "operator";
    console.log(await runAdmin(process.argv.slice(2), database, operator));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (
      error instanceof UnknownAccountError ||
      error instanceof AdminAlreadyExistsError ||
      error instanceof EnvError
    )
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
