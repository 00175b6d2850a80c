/**
 * An admin creates a live event (POST /v1/admin/live-events, issue 17); the audit entry is written
 * in the same transaction.
 */
import type { LiveEventBody } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import { auditValues, eventValues } from "./event-values.ts";
import type { LiveEventRow } from "./live-event-rows.ts";

export interface CreateLiveEventOptions {
  db: Db;
  actor: AuditActor;
  body: LiveEventBody;
  now: Date;
}

export async function createLiveEvent({
  db,
  actor,
  body,
  now,
}: CreateLiveEventOptions): Promise<LiveEventRow> {
  const values = eventValues(body);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(schema.liveEvents)
      .values({ ...values, createdBy: actor.id, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("the new event was not returned");
    await recordAudit(tx, {
      actor,
      action: "live_event.create",
      detail: { eventId: row.id, ...auditValues(values) },
    });
    return row;
  });
}
