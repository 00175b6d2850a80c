/** One issue with its latest events: the exception chain (source-mapped), breadcrumbs, release. */
import type { Breadcrumb, ErrorEvent, ErrorIssueDetail } from "@lumen/contracts";
import { type Db, desc, eq, schema } from "@lumen/db";
import { errors } from "../errors.ts";
import type { ExceptionView } from "../observability/normalize-event.ts";
import { presentIssue } from "./list-error-issues.ts";

const LATEST_EVENTS = 10;

type EventRow = typeof schema.errorEvents.$inferSelect;

function presentEvent(row: EventRow): ErrorEvent {
  const context = row.context as { url?: string | null; requestId?: string | null };
  return {
    id: row.id,
    eventId: row.eventId,
    receivedAt: row.receivedAt.toISOString(),
    release: row.release,
    environment: row.environment,
    message: row.message,
    exceptions: Array.isArray(row.exception) ? (row.exception as ExceptionView[]) : [],
    breadcrumbs: row.breadcrumbs as Breadcrumb[],
    url: context.url ?? null,
    requestId: context.requestId ?? null,
  };
}

export interface ReadErrorIssueOptions {
  db: Db;
  issueId: number;
}

export async function readErrorIssue({
  db,
  issueId,
}: ReadErrorIssueOptions): Promise<ErrorIssueDetail> {
  const [issue] = await db
    .select()
    .from(schema.errorIssues)
    .where(eq(schema.errorIssues.id, issueId));
  if (!issue) throw errors.notFound("This error issue");
  const events = await db
    .select()
    .from(schema.errorEvents)
    .where(eq(schema.errorEvents.issueId, issueId))
    .orderBy(desc(schema.errorEvents.id))
    .limit(LATEST_EVENTS);
  return { issue: presentIssue(issue), events: events.map(presentEvent) };
}
