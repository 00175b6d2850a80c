/**
 * The assistant chat's tools (issue 16, AI SDK tools): read the learner's own progress, search
 * the catalog, and suggest the next lesson with a link. Each reads only the signed-in learner's
 * rows (the user id is bound here, never taken from the model), and answers small JSON. A
 * suggestion also reaches the learner as a `suggestion` chunk with its link (run-reply.ts).
 */
import { type AiSuggestion, type Lesson, lessonRoutePath, type Track } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import { tool } from "ai";
import { z } from "zod";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { readLearnerStats } from "../commands/read-learner-stats.ts";
import { completedLessonIds } from "../commands/read-track-progress.ts";

export const SUGGEST_TOOL = "suggest_next_lesson";

interface PlacedLesson {
  track: Track;
  tutorialId: number;
  chapterId: number;
  lesson: Lesson;
}

/** A track's lessons in the order a learner meets them: by section, tutorial, chapter. */
export function lessonsInOrder(track: Track): PlacedLesson[] {
  const ordered = track.sections.flatMap((s) => s.tutorialIds);
  const tutorials = [
    ...ordered.map((id) => track.tutorials.find((t) => t.id === id)),
    ...track.tutorials.filter((t) => !ordered.includes(t.id)),
  ].filter((t) => t !== undefined);
  return tutorials.flatMap((tutorial) =>
    tutorial.chapters.flatMap((chapter) =>
      chapter.lessons.map((lesson) => ({
        track,
        tutorialId: tutorial.id,
        chapterId: chapter.id,
        lesson,
      })),
    ),
  );
}

export function lessonHref(placed: PlacedLesson): string {
  const path = lessonRoutePath("/web", "learn")
    .replace("$trackId", String(placed.track.id))
    .replace("$tutorialId", String(placed.tutorialId))
    .replace("$chapterId", String(placed.chapterId));
  return `${path}?lesson=${placed.lesson.index}`;
}

function suggestionOfPlaced(placed: PlacedLesson): AiSuggestion {
  return {
    trackId: placed.track.id,
    lessonId: placed.lesson.id,
    title: placed.lesson.title,
    trackTitle: placed.track.title,
    href: lessonHref(placed),
  };
}

const suggestionSchema = z.object({
  trackId: z.number(),
  lessonId: z.number(),
  title: z.string(),
  trackTitle: z.string(),
  href: z.string(),
});

/** The suggestion a tool result carries, if it is the suggesting tool's. */
export function suggestionOf(toolName: string, output: unknown): AiSuggestion | undefined {
  if (toolName !== SUGGEST_TOOL) return undefined;
  const parsed = suggestionSchema.safeParse((output as { suggestion?: unknown })?.suggestion);
  return parsed.success ? parsed.data : undefined;
}

export function assistantTools(options: {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  now: Date;
}) {
  const { db, catalog, userId, now } = options;
  const activeTrackId = async () => {
    const [row] = await db
      .select({ id: schema.learnerProgress.activeTrackId })
      .from(schema.learnerProgress)
      .where(eq(schema.learnerProgress.userId, userId));
    return row?.id ?? null;
  };
  return {
    my_progress: tool({
      description:
        "The learner's own progress: XP, lessons done, streak, and each track they started with lessons done out of all.",
      inputSchema: z.object({}),
      execute: async () => {
        const stats = await readLearnerStats({ db, catalog, userId, now });
        return {
          activeTrackId: await activeTrackId(),
          totals: stats.totals,
          streak: { current: stats.streak.current, longest: stats.streak.longest },
          tracks: stats.tracks,
        };
      },
    }),
    find_lessons: tool({
      description: "Search the catalog's tracks and lessons by words in their titles.",
      inputSchema: z.object({ query: z.string().min(1).max(100) }),
      execute: async ({ query }) => {
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        const matches = catalog
          .tracks()
          .flatMap(lessonsInOrder)
          .filter((p) => {
            const text = `${p.track.title} ${p.lesson.title}`.toLowerCase();
            return words.every((w) => text.includes(w));
          })
          .slice(0, 8);
        return { lessons: matches.map(suggestionOfPlaced) };
      },
    }),
    [SUGGEST_TOOL]: tool({
      description:
        "The next lesson the learner has not finished, in their active track or the track named, with its link.",
      inputSchema: z.object({ trackId: z.number().int().positive().optional() }),
      execute: async ({ trackId }) => {
        const tracks = catalog.tracks();
        const wanted = trackId ?? (await activeTrackId()) ?? tracks[0]?.id;
        const track = tracks.find((t) => t.id === wanted);
        if (!track) return { suggestion: null, note: "No such track." };
        const done = await completedLessonIds(db, userId, track.id);
        const next = lessonsInOrder(track).find((p) => !done.has(p.lesson.id));
        if (!next) return { suggestion: null, note: `Every lesson of ${track.title} is done.` };
        return { suggestion: suggestionOfPlaced(next) };
      },
    }),
  };
}
