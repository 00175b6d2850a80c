/**
 * An admin replaces a flag's rule (PUT /v1/admin/flags/:flag, issue 14). Users may be named by id
 * or by email; each must be an existing account. Only a valued flag (aiModelOverride) takes a
 * value; the boolean flags refuse one rather than store something nothing reads. The rule and its audit entry ("flag.update") are
 * written in one transaction; then every server process is told to drop its cached rules.
 */
import {
  type AdminFlag,
  FLAG_AUDIT_ACTION,
  type FlagRuleInput,
  isUserId,
  normalisedEmail,
} from "@lumen/contracts";
import { type FeatureFlag, isValuedFeatureFlag, VALUED_FEATURE_FLAGS } from "@lumen/core";
import { type Db, inArray, schema } from "@lumen/db";
import { errors } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import type { FlagService } from "../operations/flags/flag-service.ts";
import { presentFlag } from "./list-flag-rules.ts";

export interface UpdateFlagRuleOptions {
  db: Db;
  flags: FlagService;
  actor: AuditActor;
  flag: FeatureFlag;
  rule: FlagRuleInput;
  now: Date;
}

/** The accounts USERS name, in their order without repeats; a 400 naming any that is unknown. */
async function resolveUsers(db: Db, users: readonly string[]) {
  const ids = users.filter(isUserId).map((id) => id.toLowerCase());
  const emails = users.filter((user) => !isUserId(user)).map(normalisedEmail);
  const found = [
    ...(ids.length > 0
      ? await db
          .select({ id: schema.users.id, email: schema.users.email })
          .from(schema.users)
          .where(inArray(schema.users.id, ids))
      : []),
    ...(emails.length > 0
      ? await db
          .select({ id: schema.users.id, email: schema.users.email })
          .from(schema.users)
          .where(inArray(schema.users.email, emails))
      : []),
  ];
  const missing = [
    ...ids.filter((id) => !found.some((user) => user.id === id)),
    ...emails.filter((email) => !found.some((user) => user.email === email)),
  ];
  if (missing.length > 0) {
    throw errors.validation(`users: no account for ${missing.slice(0, 5).join(", ")}.`);
  }
  const byKey = new Map(found.flatMap((user) => [[user.id, user] as const, [user.email, user]]));
  const ordered = [...ids, ...emails].flatMap((key) => byKey.get(key) ?? []);
  return [...new Map(ordered.map((user) => [user.id, user])).values()];
}

export async function updateFlagRule(options: UpdateFlagRuleOptions): Promise<AdminFlag> {
  const { db, flag, rule, actor, now } = options;
  const value = rule.value ?? null;
  if (value !== null && !isValuedFeatureFlag(flag)) {
    throw errors.validation(
      `value: ${flag} is on or off; only ${VALUED_FEATURE_FLAGS.join(", ")} carries a value.`,
    );
  }
  const users = await resolveUsers(db, rule.users);
  const values = {
    everyone: rule.everyone,
    roles: [...new Set(rule.roles)],
    userIds: users.map((user) => user.id),
    percentage: rule.percentage,
    startsAt: rule.startsAt ? new Date(rule.startsAt) : null,
    value,
    updatedAt: now,
    updatedBy: actor.id,
  };
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [saved] = await tx
      .insert(schema.featureFlagRules)
      .values({ name: flag, ...values })
      .onConflictDoUpdate({ target: schema.featureFlagRules.name, set: values })
      .returning();
    await recordAudit(tx, {
      actor,
      action: FLAG_AUDIT_ACTION,
      detail: {
        flag,
        everyone: values.everyone,
        roles: values.roles,
        users: users.map((user) => user.email),
        percentage: values.percentage,
        startsAt: rule.startsAt,
        ...(isValuedFeatureFlag(flag) ? { value } : {}),
      },
    });
    return saved;
  });
  await options.flags.changed(flag);
  return presentFlag(flag, row, new Map(users.map((user) => [user.id, user.email])));
}
