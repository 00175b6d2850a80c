/**
 * An operator's change to an experiment (PUT /v1/admin/experiments/:name): switching a manual
 * experiment on or off, and the conversion metric. Audited as `experiment.update` in the same
 * transaction, with the values before and after.
 */

import { type AdminExperimentUpdate, EXPERIMENT_AUDIT_ACTION } from "@lumen/contracts";
import { EXPERIMENTS, isExperimentName } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import { eq } from "drizzle-orm";
import { errors } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";

export interface AdminUpdateExperimentOptions {
  db: Db;
  actor: AuditActor;
  name: string;
  change: AdminExperimentUpdate;
  now: Date;
}

export async function adminUpdateExperiment(options: AdminUpdateExperimentOptions): Promise<void> {
  const { db, actor, name, change, now } = options;
  if (!isExperimentName(name)) throw errors.notFound(`The experiment "${name}"`);
  if (change.active !== undefined && EXPERIMENTS[name].activation !== "manual") {
    throw errors.validation(
      `active: "${name}" runs from its start date; only manual experiments are switched on here.`,
    );
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(schema.experimentSettings)
      .where(eq(schema.experimentSettings.name, name));
    const next = {
      active: change.active ?? before?.active ?? false,
      metricEvent:
        change.metricEvent === undefined ? (before?.metricEvent ?? null) : change.metricEvent,
    };
    await tx
      .insert(schema.experimentSettings)
      .values({ name, ...next, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: schema.experimentSettings.name,
        set: { ...next, updatedAt: now, updatedBy: actor.id },
      });
    await recordAudit(tx, {
      actor,
      action: EXPERIMENT_AUDIT_ACTION,
      detail: {
        experiment: name,
        before: { active: before?.active ?? false, metricEvent: before?.metricEvent ?? null },
        after: next,
      },
    });
  });
}
