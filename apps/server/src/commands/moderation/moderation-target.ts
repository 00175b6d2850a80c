/**
 * What moderation acts on (issue 17): a share (by code), a community post (a UUID) or a comment
 * (digits), read or changed through one table per kind. An id of the wrong shape is "not found",
 * never a database error.
 */
import type { ReportTargetKind } from "@lumen/contracts";
import { type Db, eq, inArray, schema } from "@lumen/db";

export interface TargetRow {
  kind: ReportTargetKind;
  id: string;
  authorId: string;
  title: string;
  body: string;
  /** For a comment: its post, which holds its page. */
  postId: string | null;
  hiddenAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^[1-9]\d{0,14}$/;

/** The ids of `kind` among `ids` that have the shape of a key of its table. */
export function wellFormedIds(kind: ReportTargetKind, ids: string[]): string[] {
  if (kind === "post") return ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
  if (kind === "comment") return ids.filter((id) => DIGITS.test(id));
  return ids;
}

/** The targets of one kind, by id (missing ones are left out). */
export async function readTargets(
  db: Db,
  kind: ReportTargetKind,
  ids: string[],
): Promise<Map<string, TargetRow>> {
  const keys = wellFormedIds(kind, ids);
  const found = new Map<string, TargetRow>();
  if (keys.length === 0) return found;
  if (kind === "share") {
    const rows = await db.select().from(schema.shares).where(inArray(schema.shares.code, keys));
    for (const r of rows) {
      const body = r.files.map((f) => f.path).join(", ");
      found.set(r.code, {
        kind,
        id: r.code,
        authorId: r.userId,
        title: r.title,
        body: `Files: ${body}`,
        postId: null,
        hiddenAt: r.hiddenAt,
      });
    }
  } else if (kind === "post") {
    const rows = await db
      .select()
      .from(schema.communityPosts)
      .where(inArray(schema.communityPosts.id, keys));
    for (const r of rows) {
      found.set(r.id, {
        kind,
        id: r.id,
        authorId: r.authorId,
        title: r.title,
        body: r.body,
        postId: r.id,
        hiddenAt: r.hiddenAt,
      });
    }
  } else {
    const rows = await db
      .select({ comment: schema.communityComments, postTitle: schema.communityPosts.title })
      .from(schema.communityComments)
      .innerJoin(
        schema.communityPosts,
        eq(schema.communityPosts.id, schema.communityComments.postId),
      )
      .where(inArray(schema.communityComments.id, keys.map(Number)));
    for (const { comment: r, postTitle } of rows) {
      found.set(String(r.id), {
        kind,
        id: String(r.id),
        authorId: r.authorId,
        title: `Comment on “${postTitle}”`,
        body: r.body,
        postId: r.postId,
        hiddenAt: r.hiddenAt,
      });
    }
  }
  return found;
}

export async function readTarget(
  db: Db,
  kind: ReportTargetKind,
  id: string,
): Promise<TargetRow | undefined> {
  const [key] = wellFormedIds(kind, [id]);
  if (key === undefined) return undefined;
  return (await readTargets(db, kind, [key])).get(key);
}

/** Sets or clears the target's hiddenAt; false when there is no such target. */
export async function setTargetHidden(
  db: Db,
  kind: ReportTargetKind,
  id: string,
  hiddenAt: Date | null,
): Promise<boolean> {
  const [key] = wellFormedIds(kind, [id]);
  if (key === undefined) return false;
  if (kind === "share") {
    const rows = await db
      .update(schema.shares)
      .set({ hiddenAt })
      .where(eq(schema.shares.code, key))
      .returning({ id: schema.shares.code });
    return rows.length > 0;
  }
  if (kind === "post") {
    const rows = await db
      .update(schema.communityPosts)
      .set({ hiddenAt })
      .where(eq(schema.communityPosts.id, key))
      .returning({ id: schema.communityPosts.id });
    return rows.length > 0;
  }
  const rows = await db
    .update(schema.communityComments)
    .set({ hiddenAt })
    .where(eq(schema.communityComments.id, Number(key)))
    .returning({ id: schema.communityComments.id });
  return rows.length > 0;
}
