/**
 * An admin edits a live event (PUT /v1/admin/live-events/:id, issue 17): any field, a cancelled
 * event's too (a recording link once it is over). When the start moves, reminders go again for
 * the new time. The audit entry, with what changed, is written in the same transaction; an edit
 * that changes nothing writes nothing.
 */
import type { LiveEventBody } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import { auditValues, type EventValues, eventValues } from "./event-values.ts";
import type { LiveEventRow } from "./live-event-rows.ts";

export interface UpdateLiveEventOptions {
  db: Db;
  actor: AuditActor;
  id: string;
  body: LiveEventBody;
  now: Date;
}

export async function updateLiveEvent({
  db,
  actor,
  id,
  body,
  now,
}: UpdateLiveEventOptions): Promise<LiveEventRow> {
  const values = eventValues(body);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const e = schema.liveEvents;
    const [before] = await tx.select().from(e).where(eq(e.id, id)).for("update");
    if (!before) throw errors.notFound("This event");
    const after = auditValues(values);
    const was = auditValues(before as EventValues);
    const changed = Object.keys(after).filter(
      (key) => JSON.stringify(after[key]) !== JSON.stringify(was[key]),
    );
    if (changed.length === 0) return before;
    const [row] = await tx
      .update(e)
      .set({ ...values, updatedAt: now })
      .where(eq(e.id, id))
      .returning();
    if (!row) throw errors.notFound("This event");
    if (before.startsAt.getTime() !== values.startsAt.getTime()) {
      await tx
        .update(schema.eventRsvps)
        .set({ reminderSentAt: null })
        .where(eq(schema.eventRsvps.eventId, id));
    }
    await recordAudit(tx, {
      actor,
      action: "live_event.update",
      detail: {
        eventId: id,
        title: values.title,
        changes: Object.fromEntries(
          changed.map((key) => [key, { from: was[key], to: after[key] }]),
        ),
      },
    });
    return row;
  });
}
