/**
 * `npm run admin -- import-firebase-users <file> --hash-config <file>` (issue 19): reads a
 * Firebase Authentication export and the project's password hash parameters, imports the users
 * (commands/import-firebase-users.ts) and writes one audit entry for the run, the actor null and
 * `{ via: "cli", operator }` in the detail. Paths are read from where the command was typed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@lumen/db";
import { HashConfigError, parseFirebaseHashConfig } from "./auth/firebase/firebase-scrypt.ts";
import { firebaseExportSchema, importFirebaseUsers } from "./commands/import-firebase-users.ts";
import { recordAudit } from "./operations/audit-log.ts";

export const FIREBASE_IMPORT_USAGE = `  import-firebase-users <users.json> --hash-config <hash-config>
                                import users from \`firebase auth:export users.json --format=json\`;
                                the hash config is the project's password hash parameters`;

/** `--name value` or `--name=value`. */
function option(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at === -1) return undefined;
  const arg = args[at] ?? "";
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[at + 1];
}

/** The most skipped users the report lists one by one. */
const LISTED = 20;

export async function runFirebaseImport(
  args: string[],
  db: Db,
  operator: string,
  fail: (message: string) => Error,
): Promise<string> {
  const file = args[1];
  const configFile = option(args, "--hash-config");
  if (!file || file.startsWith("--") || !configFile) {
    throw fail("import-firebase-users needs the export file and --hash-config <file>.");
  }
  // npm runs scripts from the repository's root; INIT_CWD is where the operator typed.
  const from = (name: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
  const read = async (name: string) => {
    try {
      return await readFile(from(name), "utf8");
    } catch {
      throw fail(`Cannot read ${name}.`);
    }
  };
  let hashConfig: ReturnType<typeof parseFirebaseHashConfig>;
  try {
    hashConfig = parseFirebaseHashConfig(await read(configFile));
  } catch (error) {
    if (error instanceof HashConfigError) throw fail(error.message);
    throw error;
  }
  let users: unknown[];
  try {
    users = firebaseExportSchema.parse(JSON.parse(await read(file))).users;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Cannot read")) throw error;
    throw fail(`${file} is not a Firebase export: expected JSON with a "users" array.`);
  }
  const result = await importFirebaseUsers({ db, users, hashConfig });
  await recordAudit(db, {
    actor: null,
    action: "users.import.firebase",
    detail: {
      file: path.basename(file),
      imported: result.imported,
      withPassword: result.withPassword,
      skipped: result.skipped.length,
      via: "cli",
      operator,
    },
  });
  const withoutPassword = result.imported - result.withPassword;
  const lines = [
    `Imported ${result.imported} of ${users.length} users from ${path.basename(file)}; ${result.withPassword} keep their Firebase password (checked at their first sign-in, then rehashed with ours)${withoutPassword > 0 ? `, ${withoutPassword} without one sign in after a password reset` : ""}.`,
  ];
  if (result.skipped.length > 0) {
    lines.push(`Skipped ${result.skipped.length}:`);
    for (const skip of result.skipped.slice(0, LISTED)) {
      lines.push(`  ${skip.email ?? skip.localId}: ${skip.reason}`);
    }
    if (result.skipped.length > LISTED)
      lines.push(`  … and ${result.skipped.length - LISTED} more`);
  }
  return lines.join("\n");
}
