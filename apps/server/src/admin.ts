/**
 * The operator's command line (`npm run admin -- <verb> ...`): roles, disabling accounts and
 * impersonation tokens, against the database the server uses (same settings).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Database, openDatabase } from "@lumen/db";
import { createImpersonationToken } from "./commands/create-impersonation-token.ts";
import { disableUser } from "./commands/disable-user.ts";
import { enableUser } from "./commands/enable-user.ts";
import { grantRole, KNOWN_ROLES, UnknownAccountError } from "./commands/grant-role.ts";
import { revokeRole } from "./commands/revoke-role.ts";
import { EnvError, parseEnv } from "./env.ts";

export const USAGE = `Usage: npm run admin -- <command>
  grant-role <email> <role>     give a role (roles: ${KNOWN_ROLES.join(", ")})
  revoke-role <email> <role>    take a role away
  disable-user <email>          stop an account signing in; its sessions end now
  enable-user <email>           let a disabled account sign in again
  impersonate <email>           print an impersonation token (needs ALLOW_IMPERSONATION=true to be used)`;

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
  switch (verb) {
    case "grant-role": {
      const r = need(role, "an email and a role");
      if (!(KNOWN_ROLES as readonly string[]).includes(r)) {
        throw new UsageError(`Unknown role ${r}. Roles: ${KNOWN_ROLES.join(", ")}.`);
      }
      const user = await grantRole({ db, email: need(email, "an email"), role: r });
      return `${user.email} now has roles: ${user.roles.join(", ") || "(none)"}. It takes effect at their next sign-in or token refresh.`;
    }
    case "revoke-role": {
      const user = await revokeRole({
        db,
        email: need(email, "an email"),
        role: need(role, "an email and a role"),
      });
      return `${user.email} now has roles: ${user.roles.join(", ") || "(none)"}.`;
    }
    case "disable-user": {
      const user = await disableUser({ db, email: need(email, "an email") });
      return `${user.email} is disabled; their sessions have ended.`;
    }
    case "enable-user": {
      const user = await enableUser({ db, email: need(email, "an email") });
      return `${user.email} is enabled and can sign in again.`;
    }
    case "impersonate":
      return createImpersonationToken({ db, email: need(email, "an email"), operator });
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
    else if (error instanceof UnknownAccountError || error instanceof EnvError)
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
