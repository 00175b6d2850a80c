/**
 * The community's lists (issue 17): the showcase (newest or most liked; entries whose share was
 * unshared or hidden leave it) and help threads (newest activity first; by lesson, unanswered).
 * Hidden posts are left out for everybody but their author. Also the "similar threads" shown
 * before asking: the same lesson's threads first, then threads sharing title words.
 */
import { COMMUNITY_PAGE_SIZE } from "@lumen/contracts";
import { and, type Db, desc, eq, isNull, or, schema, sql } from "@lumen/db";

type SQL = ReturnType<typeof sql>;

const posts = schema.communityPosts;
const SIMILAR_SIZE = 10;

export type PostListRow = typeof posts.$inferSelect & {
  authorName: string | null;
  likedByMe: boolean;
};

function likedBy(viewerId: string | undefined) {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${schema.communityLikes} l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`;
}

function visibleTo(viewerId: string | undefined): SQL | undefined {
  return viewerId
    ? or(isNull(posts.hiddenAt), eq(posts.authorId, viewerId))
    : isNull(posts.hiddenAt);
}

const liveShare = sql`exists (select 1 from ${schema.shares} s where s.code = ${posts.shareCode} and s.revoked_at is null and s.hidden_at is null)`;

async function select(
  db: Db,
  viewerId: string | undefined,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset?: number },
) {
  return (
    db
      .select({
        post: posts,
        authorName: schema.users.displayName,
        likedByMe: likedBy(viewerId),
      })
      .from(posts)
      .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
      .where(where)
      // The id last: rows equal on every other key keep one order from page to page.
      .orderBy(...order, desc(posts.id))
      .limit(page.limit)
      .offset(page.offset ?? 0)
  );
}

const flat = (rows: Awaited<ReturnType<typeof select>>): PostListRow[] =>
  rows.map((r) => ({ ...r.post, authorName: r.authorName, likedByMe: Boolean(r.likedByMe) }));

export async function listPosts(options: {
  db: Db;
  viewerId?: string;
  kind?: "showcase" | "help";
  sort?: "newest" | "likes";
  lessonId?: number;
  unanswered?: boolean;
  /** Rows to skip: the page's start. */
  offset?: number;
}): Promise<{ rows: PostListRow[]; nextOffset: number | null }> {
  const { db, viewerId } = options;
  const kind = options.kind ?? "help";
  const filters: (SQL | undefined)[] = [eq(posts.kind, kind), visibleTo(viewerId)];
  if (kind === "showcase") filters.push(liveShare);
  if (options.lessonId) filters.push(eq(posts.lessonId, options.lessonId));
  if (options.unanswered) filters.push(eq(posts.commentCount, 0), eq(posts.solved, false));
  const order =
    options.sort === "likes"
      ? [desc(posts.likeCount), desc(posts.createdAt)]
      : kind === "help"
        ? [desc(posts.lastActivityAt)]
        : [desc(posts.createdAt)];
  const offset = options.offset ?? 0;
  // One row more than a page says whether another page follows.
  const rows = flat(
    await select(db, viewerId, and(...filters), order, { limit: COMMUNITY_PAGE_SIZE + 1, offset }),
  );
  const more = rows.length > COMMUNITY_PAGE_SIZE;
  return {
    rows: rows.slice(0, COMMUNITY_PAGE_SIZE),
    nextOffset: more ? offset + COMMUNITY_PAGE_SIZE : null,
  };
}

/** Words of a title worth matching: letters and digits, three or more, at most eight. */
export function titleWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

export async function similarThreads(options: {
  db: Db;
  viewerId?: string;
  lessonId?: number;
  title?: string;
}): Promise<PostListRow[]> {
  const { db, viewerId } = options;
  const words = titleWords(options.title ?? "");
  const matches: SQL[] = [];
  if (options.lessonId) matches.push(eq(posts.lessonId, options.lessonId));
  for (const word of words) {
    matches.push(sql`lower(${posts.title}) like ${`%${word.replace(/[\\%_]/g, "\\$&")}%`}`);
  }
  if (matches.length === 0) return [];
  // Postgres refuses a constant in ORDER BY: the same-lesson key only when a lesson is named.
  const order = [desc(posts.solved), desc(posts.lastActivityAt)];
  if (options.lessonId) order.unshift(desc(sql`(${posts.lessonId} = ${options.lessonId})`));
  const rows = await select(
    db,
    viewerId,
    and(eq(posts.kind, "help"), isNull(posts.hiddenAt), or(...matches)),
    order,
    { limit: SIMILAR_SIZE },
  );
  return flat(rows);
}
