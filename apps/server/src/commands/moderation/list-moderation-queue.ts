/**
 * The console's moderation page (GET /v1/admin/moderation): open reports grouped by what they
 * report (most reported first, then the oldest), the content currently hidden (to restore it) and
 * the bans from posting that stand.
 */
import type {
  ModerationBan,
  ModerationItem,
  ModerationQueue,
  ReportTargetKind,
} from "@lumen/contracts";
import { type Db, desc, inArray, isNull, or, schema, sql } from "@lumen/db";
import { readTargets, type TargetRow } from "./moderation-target.ts";
import { decodeReason } from "./report-reason.ts";
import { targetUrl } from "./target-url.ts";

const MAX_OPEN_REPORTS = 500;
const MAX_ITEMS = 50;

type Person = ModerationItem["reports"][number]["reporter"];

async function readPeople(db: Db, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: schema.users.id,
      email: schema.users.email,
      displayName: schema.users.displayName,
    })
    .from(schema.users)
    .where(inArray(schema.users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

const unknown = (id: string | null): Person => ({ id, email: null, displayName: null });

async function hiddenTargets(db: Db): Promise<TargetRow[]> {
  const [shares, posts, comments] = await Promise.all([
    db
      .select({ id: schema.shares.code })
      .from(schema.shares)
      .where(sql`${schema.shares.hiddenAt} is not null`)
      .orderBy(desc(schema.shares.hiddenAt))
      .limit(MAX_ITEMS),
    db
      .select({ id: schema.communityPosts.id })
      .from(schema.communityPosts)
      .where(sql`${schema.communityPosts.hiddenAt} is not null`)
      .orderBy(desc(schema.communityPosts.hiddenAt))
      .limit(MAX_ITEMS),
    db
      .select({ id: schema.communityComments.id })
      .from(schema.communityComments)
      .where(sql`${schema.communityComments.hiddenAt} is not null`)
      .orderBy(desc(schema.communityComments.hiddenAt))
      .limit(MAX_ITEMS),
  ]);
  const found = await Promise.all([
    readTargets(
      db,
      "share",
      shares.map((r) => r.id),
    ),
    readTargets(
      db,
      "post",
      posts.map((r) => r.id),
    ),
    readTargets(
      db,
      "comment",
      comments.map((r) => String(r.id)),
    ),
  ]);
  return found
    .flatMap((map) => [...map.values()])
    .sort((a, b) => (b.hiddenAt?.getTime() ?? 0) - (a.hiddenAt?.getTime() ?? 0))
    .slice(0, MAX_ITEMS);
}

export async function listModerationQueue({
  db,
  now,
}: {
  db: Db;
  now: Date;
}): Promise<ModerationQueue> {
  const reports = await db
    .select()
    .from(schema.contentReports)
    .where(isNull(schema.contentReports.resolvedAt))
    .orderBy(schema.contentReports.createdAt)
    .limit(MAX_OPEN_REPORTS);
  const groups = new Map<string, typeof reports>();
  for (const report of reports) {
    const key = `${report.targetKind}\u0000${report.targetId}`;
    groups.set(key, [...(groups.get(key) ?? []), report]);
  }
  const hidden = await hiddenTargets(db);
  const targets = new Map<string, TargetRow>();
  for (const kind of ["share", "post", "comment"] as const) {
    const ids = reports.filter((r) => r.targetKind === kind).map((r) => r.targetId);
    for (const [id, row] of await readTargets(db, kind, ids))
      targets.set(`${kind}\u0000${id}`, row);
  }
  for (const row of hidden) targets.set(`${row.kind}\u0000${row.id}`, row);
  const bans = await db
    .select()
    .from(schema.communityBans)
    .where(or(isNull(schema.communityBans.until), sql`${schema.communityBans.until} > ${now}`))
    .orderBy(desc(schema.communityBans.createdAt))
    .limit(MAX_ITEMS);
  const people = await readPeople(db, [
    ...reports.map((r) => r.reporterId),
    ...[...targets.values()].map((t) => t.authorId),
    ...bans.map((b) => b.userId),
    ...bans.flatMap((b) => (b.bannedBy ? [b.bannedBy] : [])),
  ]);

  const item = (kind: ReportTargetKind, id: string): ModerationItem => {
    const target = targets.get(`${kind}\u0000${id}`);
    const open = groups.get(`${kind}\u0000${id}`) ?? [];
    return {
      targetKind: kind,
      targetId: id,
      preview: target
        ? {
            title: target.title,
            excerpt: target.body.slice(0, 280),
            author: people.get(target.authorId) ?? unknown(target.authorId),
            url: targetUrl(target),
            hiddenAt: target.hiddenAt?.toISOString() ?? null,
          }
        : null,
      reports: open.map((r) => ({
        id: r.id,
        reporter: people.get(r.reporterId) ?? unknown(r.reporterId),
        ...decodeReason(r.reason),
        createdAt: r.createdAt.toISOString(),
      })),
      openCount: open.length,
    };
  };
  const openItems = [...groups.values()]
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_ITEMS)
    .map((group) => {
      const first = group[0] as (typeof reports)[number];
      return item(first.targetKind as ReportTargetKind, first.targetId);
    });
  const presentBan = (b: (typeof bans)[number]): ModerationBan => ({
    user: people.get(b.userId) ?? unknown(b.userId),
    reason: b.reason,
    until: b.until?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
    bannedBy: b.bannedBy ? (people.get(b.bannedBy)?.email ?? null) : null,
  });
  return {
    open: openItems,
    hidden: hidden.map((row) => item(row.kind, row.id)),
    bans: bans.map(presentBan),
  };
}
