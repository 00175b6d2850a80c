/**
 * What the onboarding chat recommends from the learner's answers: a track from their interests,
 * a daily goal from their motives and occupation, and the track's first lesson to start with.
 * Pure: the catalog's tracks come in as data, so the rule is tested without content or a server.
 */

import type { Occupation } from "./occupation.ts";
import type { Interest, Motive } from "./onboarding.ts";

/**
 * The track languages each interest leads to, best first. Languages are the tracks' own
 * (`codeLanguage`): a curriculum with other tracks still gets a recommendation (see below).
 */
export const INTEREST_LANGUAGES: Record<Interest, readonly string[]> = {
  websites: ["html", "javascript", "tsx"],
  apps: ["tsx", "javascript", "html"],
  games: ["javascript", "python"],
  data: ["sql", "python"],
  automation: ["python", "javascript"],
  ai: ["python", "sql"],
  not_sure: ["python", "html"],
};

/** XP a day each motive suggests (the daily goal's choices are 10, 20, 30 and 50). */
export const MOTIVE_DAILY_GOAL: Record<Motive, 10 | 20 | 30> = {
  career: 30,
  work: 20,
  project: 20,
  school: 20,
  curiosity: 10,
  sharp: 10,
};
export const DEFAULT_RECOMMENDED_GOAL = 10;

/** Learners with a job or a business of their own: their goal is kept to one that fits beside it. */
const WORKING: readonly Occupation[] = [
  "employed",
  "freelancer",
  "startup_founder",
  "small_business_owner",
];
export const WORKING_GOAL_CAP = 20;

/** The parts of a catalog track the recommendation reads. */
export interface RecommendableTrack {
  id: number;
  language: string;
  sections: readonly { index: number; tutorialIds: readonly number[] }[];
  tutorials: readonly {
    id: number;
    chapters: readonly {
      id: number;
      lessons: readonly { id: number; index: number; title: string }[];
    }[];
  }[];
}

export interface FirstLesson {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  lessonId: number;
  /** The lesson's place in its chapter: the `lesson` search param of the learn route. */
  lessonIndex: number;
  title: string;
}

/** The track's first lesson in path order: its first section's first tutorial with a lesson. */
export function firstLesson(track: RecommendableTrack): FirstLesson | null {
  const sections = [...track.sections].sort((a, b) => a.index - b.index);
  for (const section of sections) {
    for (const tutorialId of section.tutorialIds) {
      const tutorial = track.tutorials.find((t) => t.id === tutorialId);
      for (const chapter of tutorial?.chapters ?? []) {
        const lesson = [...chapter.lessons].sort((a, b) => a.index - b.index)[0];
        if (tutorial && lesson) {
          return {
            trackId: track.id,
            tutorialId: tutorial.id,
            chapterId: chapter.id,
            lessonId: lesson.id,
            lessonIndex: lesson.index,
            title: lesson.title,
          };
        }
      }
    }
  }
  return null;
}

/**
 * The track for these interests. Each picked interest gives its languages points (3 to its best,
 * 2 to the next, 1 to the third); the track with the most wins. A tie goes to the language the
 * earliest-picked interest ranks higher, then to catalog order. A track with no lesson is never
 * recommended; when no track matches any interest, the catalog's first track with a lesson is.
 */
export function recommendTrack<T extends RecommendableTrack>(
  interests: readonly Interest[],
  tracks: readonly T[],
): { track: T; interest: Interest | null } | null {
  let best: { track: T; score: number; mention: number; interest: Interest | null } | null = null;
  for (const track of tracks) {
    if (!firstLesson(track)) continue;
    let score = 0;
    let mention = Number.POSITIVE_INFINITY;
    let interest: Interest | null = null;
    for (const [order, picked] of interests.entries()) {
      const rank = INTEREST_LANGUAGES[picked].indexOf(track.language);
      if (rank < 0) continue;
      score += 3 - Math.min(rank, 2);
      const at = order * 10 + rank;
      if (at < mention) {
        mention = at;
        interest = picked;
      }
    }
    const better =
      best === null || score > best.score || (score === best.score && mention < best.mention);
    if (better) best = { track, score, mention, interest };
  }
  return best ? { track: best.track, interest: best.interest } : null;
}

/**
 * The daily goal (XP) for these motives: the most any motive suggests, at most 20 for a learner
 * who works (employed or self-employed), 10 when no motive was given.
 */
export function recommendDailyGoal(
  motives: readonly Motive[],
  occupation: Occupation | null,
): 10 | 20 | 30 {
  let goal: 10 | 20 | 30 = DEFAULT_RECOMMENDED_GOAL;
  for (const motive of motives) goal = Math.max(goal, MOTIVE_DAILY_GOAL[motive]) as 10 | 20 | 30;
  if (occupation && WORKING.includes(occupation) && goal > WORKING_GOAL_CAP) {
    return WORKING_GOAL_CAP;
  }
  return goal;
}
