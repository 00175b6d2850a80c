/** The console's issue list: newest activity first, filtered by platform and status. */
import type { ErrorIssue, ErrorIssueStatus, ErrorPlatform } from "@lumen/contracts";
import { and, type Db, desc, eq, schema } from "@lumen/db";

const MAX_LISTED = 200;

export interface ListErrorIssuesOptions {
  db: Db;
  platform?: ErrorPlatform;
  status?: ErrorIssueStatus;
}

export type ErrorIssueRow = typeof schema.errorIssues.$inferSelect;

export function presentIssue(row: ErrorIssueRow): ErrorIssue {
  return {
    id: row.id,
    title: row.title,
    culprit: row.culprit,
    platform: row.platform === "server" ? "server" : "web",
    level: row.level,
    status: row.status === "resolved" || row.status === "ignored" ? row.status : "unresolved",
    count: row.count,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    release: row.lastRelease,
  };
}

export async function listErrorIssues({ db, platform, status }: ListErrorIssuesOptions) {
  const filters = [
    platform ? eq(schema.errorIssues.platform, platform) : undefined,
    status ? eq(schema.errorIssues.status, status) : undefined,
  ].filter((f) => f !== undefined);
  const rows = await db
    .select()
    .from(schema.errorIssues)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(schema.errorIssues.lastSeen))
    .limit(MAX_LISTED);
  return rows.map(presentIssue);
}
