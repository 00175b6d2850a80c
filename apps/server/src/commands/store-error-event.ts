/**
 * Stores one error event under its issue (by fingerprint): the issue is created or counted, a
 * resolved issue that happens again is unresolved (a regression), and only the newest
 * MAX_EVENTS_PER_ISSUE events of an issue are kept.
 */
import { and, type Db, desc, eq, schema, sql } from "@lumen/db";
import { fingerprintOf } from "../observability/fingerprint.ts";
import { culpritOf, type NormalizedEvent, titleOf } from "../observability/normalize-event.ts";

export const MAX_EVENTS_PER_ISSUE = 50;

export interface StoreErrorEventOptions {
  db: Db;
  event: NormalizedEvent;
  now: Date;
}

export async function storeErrorEvent({ db, event, now }: StoreErrorEventOptions) {
  const fingerprint = fingerprintOf(event);
  return db.transaction(async (tx) => {
    const [issue] = await tx
      .insert(schema.errorIssues)
      .values({
        fingerprint,
        platform: event.platform,
        title: titleOf(event),
        culprit: culpritOf(event),
        level: event.level,
        count: 1,
        firstSeen: now,
        lastSeen: now,
        lastRelease: event.release,
      })
      .onConflictDoUpdate({
        target: schema.errorIssues.fingerprint,
        set: {
          count: sql`${schema.errorIssues.count} + 1`,
          lastSeen: now,
          lastRelease: sql`coalesce(${event.release}::text, ${schema.errorIssues.lastRelease})`,
          status: sql`case when ${schema.errorIssues.status} = 'resolved' then 'unresolved' else ${schema.errorIssues.status} end`,
        },
      })
      .returning({ id: schema.errorIssues.id });
    if (!issue) throw new Error("The error issue was not written.");
    const [stored] = await tx
      .insert(schema.errorEvents)
      .values({
        issueId: issue.id,
        eventId: event.eventId,
        receivedAt: now,
        release: event.release,
        environment: event.environment,
        message: event.message,
        exception: event.exceptions,
        breadcrumbs: event.breadcrumbs,
        context: {
          url: event.url,
          requestId: event.requestId,
          transaction: event.transaction,
        },
      })
      .returning({ id: schema.errorEvents.id });
    const keep = tx
      .select({ id: schema.errorEvents.id })
      .from(schema.errorEvents)
      .where(eq(schema.errorEvents.issueId, issue.id))
      .orderBy(desc(schema.errorEvents.id))
      .limit(MAX_EVENTS_PER_ISSUE);
    await tx
      .delete(schema.errorEvents)
      .where(
        and(
          eq(schema.errorEvents.issueId, issue.id),
          sql`${schema.errorEvents.id} not in (${keep})`,
        ),
      );
    return { issueId: issue.id, eventId: stored?.id ?? null };
  });
}
