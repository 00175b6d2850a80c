/** The admin console's list (issue 14): all eight flags in the spec's order, with their rules. */
import type { AdminFlag } from "@lumen/contracts";
import { FEATURE_FLAGS } from "@lumen/core";
import { type Db, inArray, schema } from "@lumen/db";

type RuleRow = typeof schema.featureFlagRules.$inferSelect;

/** One flag as the console shows it; user ids become {id, email}, email null when gone. */
export function presentFlag(
  name: AdminFlag["name"],
  row: RuleRow | undefined,
  emails: ReadonlyMap<string, string>,
): AdminFlag {
  return {
    name,
    rule: {
      everyone: row?.everyone ?? false,
      roles: row?.roles ?? [],
      users: (row?.userIds ?? []).map((id) => ({ id, email: emails.get(id) ?? null })),
      percentage: row?.percentage ?? null,
      startsAt: row?.startsAt?.toISOString() ?? null,
      value: row?.value ?? null,
    },
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

export async function emailsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function listFlagRules(options: { db: Db }): Promise<AdminFlag[]> {
  const rows = await options.db.select().from(schema.featureFlagRules);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const emails = await emailsOf(
    options.db,
    rows.flatMap((row) => row.userIds),
  );
  return FEATURE_FLAGS.map((flag) => presentFlag(flag, byName.get(flag), emails));
}
