/**
 * Learners' ratings of {product} AI's replies, for course engineers and admins (GET
 * /v1/ai/ratings, issue 16): per lesson, how many up and down, split by the ladder's rung, most
 * down-ratings first, so the lessons whose hints need work stand out; then the latest ratings
 * with the reply rated, a page at a time. No learner is named.
 */
import type { AiRatingsAdminAnswer, AiRatingValue } from "@lumen/contracts";
import { and, type Db, desc, eq, schema, sql } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";

export const RATINGS_PAGE = 50;
const REPLY_CHARS = 600;

export interface ListAiRatingsOptions {
  db: Db;
  catalog: CatalogStore;
  lessonId?: number;
  rating?: AiRatingValue;
  before?: number;
}

function lessonIndex(catalog: CatalogStore) {
  const lessons = new Map<number, { title: string; trackId: number }>();
  for (const track of catalog.tracks()) {
    for (const tutorial of track.tutorials) {
      for (const chapter of tutorial.chapters) {
        for (const lesson of chapter.lessons) {
          lessons.set(lesson.id, { title: lesson.title, trackId: track.id });
        }
      }
    }
  }
  return lessons;
}

export async function listAiRatings({
  db,
  catalog,
  lessonId,
  rating,
  before,
}: ListAiRatingsOptions): Promise<AiRatingsAdminAnswer> {
  const r = schema.aiRatings;
  const m = schema.aiMessages;
  const lessons = lessonIndex(catalog);
  const counts = await db
    .select({
      lessonId: r.lessonId,
      hintLevel: r.hintLevel,
      up: sql<number>`count(*) filter (where ${r.rating} = 'up')::int`,
      down: sql<number>`count(*) filter (where ${r.rating} = 'down')::int`,
    })
    .from(r)
    .where(lessonId ? eq(r.lessonId, lessonId) : undefined)
    .groupBy(r.lessonId, r.hintLevel);
  const byLesson = new Map<number | null, AiRatingsAdminAnswer["lessons"][number]>();
  for (const row of counts) {
    const known = row.lessonId === null ? undefined : lessons.get(row.lessonId);
    const entry = byLesson.get(row.lessonId) ?? {
      lessonId: row.lessonId,
      lessonTitle: known?.title ?? null,
      trackId: known?.trackId ?? null,
      up: 0,
      down: 0,
      byHintLevel: [],
    };
    entry.up += Number(row.up);
    entry.down += Number(row.down);
    entry.byHintLevel.push({
      hintLevel: row.hintLevel,
      up: Number(row.up),
      down: Number(row.down),
    });
    byLesson.set(row.lessonId, entry);
  }
  const summary = [...byLesson.values()]
    .map((e) => ({
      ...e,
      byHintLevel: e.byHintLevel.sort((a, b) => (a.hintLevel ?? 0) - (b.hintLevel ?? 0)),
    }))
    .sort((a, b) => b.down - a.down || b.up + b.down - (a.up + a.down));
  const rows = await db
    .select({
      messageId: r.messageId,
      rating: r.rating,
      reason: r.reason,
      lessonId: r.lessonId,
      hintLevel: r.hintLevel,
      reply: m.content,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(m, eq(m.id, r.messageId))
    .where(
      and(
        lessonId ? eq(r.lessonId, lessonId) : undefined,
        rating ? eq(r.rating, rating) : undefined,
        before ? sql`${r.messageId} < ${before}` : undefined,
      ),
    )
    .orderBy(desc(r.messageId))
    .limit(RATINGS_PAGE + 1);
  const page = rows.slice(0, RATINGS_PAGE);
  return {
    lessons: summary,
    ratings: page.map((row) => ({
      messageId: row.messageId,
      rating: row.rating === "up" ? "up" : "down",
      reason: row.reason,
      lessonId: row.lessonId,
      lessonTitle: row.lessonId === null ? null : (lessons.get(row.lessonId)?.title ?? null),
      hintLevel: row.hintLevel,
      reply: row.reply.length > REPLY_CHARS ? `${row.reply.slice(0, REPLY_CHARS)}…` : row.reply,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > RATINGS_PAGE ? (page.at(-1)?.messageId ?? null) : null,
  };
}
