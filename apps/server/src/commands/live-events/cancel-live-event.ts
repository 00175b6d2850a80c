/**
 * An admin cancels a live event (POST /v1/admin/live-events/:id/cancel, issue 17): it stays on
 * the page, marked, takes no RSVPs and sends no reminders. Audited in the same transaction;
 * cancelling a cancelled event changes nothing.
 */
import { type Db, eq, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import type { LiveEventRow } from "./live-event-rows.ts";

export interface CancelLiveEventOptions {
  db: Db;
  actor: AuditActor;
  id: string;
  reason?: string;
  now: Date;
}

export async function cancelLiveEvent({
  db,
  actor,
  id,
  reason,
  now,
}: CancelLiveEventOptions): Promise<LiveEventRow> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const e = schema.liveEvents;
    const [before] = await tx.select().from(e).where(eq(e.id, id)).for("update");
    if (!before) throw errors.notFound("This event");
    if (before.cancelledAt) return before;
    const [row] = await tx
      .update(e)
      .set({ cancelledAt: now, updatedAt: now })
      .where(eq(e.id, id))
      .returning();
    if (!row) throw errors.notFound("This event");
    await recordAudit(tx, {
      actor,
      action: "live_event.cancel",
      detail: { eventId: id, title: row.title, ...(reason ? { reason } : {}) },
    });
    return row;
  });
}
