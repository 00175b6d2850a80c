/**
 * The lesson routes (spec section 2: learn, challenge and tutor, under /web and the preview
 * deployment's /ssr) and what they load before the screen renders (ADR 0025): the chapter, which
 * the screen needs, and the track outline, which only names the tutorial and the next chapter.
 * On a page the server drew, both are in the cache already (lib/queries.ts seeds them). A chapter
 * the learner's plan does not open (402 plan_required, issue 15) is not the route's failure: the
 * loader says it is locked, and the screen shows what unlocks it (components/locked-lesson.tsx).
 */
import type { LessonMode } from "@lumen/contracts";
import { isApiError } from "../../lib/api-error.ts";
import { chapterQuery, trackOutlineQuery } from "../../lib/queries.ts";
import type { RouterContext } from "../../lib/router-context.ts";
import type { AuthStatus } from "../auth/components/auth-provider.tsx";
import { placeOf } from "./lib/lesson-place.ts";

export const LESSON_PATH = "track/$trackId/tutorial/$tutorialId/chapter/$chapterId";
export type LessonPrefix = "/web" | "/ssr";
/** The six lesson routes; a lesson screen reads its params and search through its own. */
export type LessonRouteId = `${LessonPrefix}/${typeof LESSON_PATH}/${LessonMode}`;

export const lessonRouteId = <Prefix extends LessonPrefix, Mode extends LessonMode>(
  prefix: Prefix,
  mode: Mode,
) => `${prefix}/${LESSON_PATH}/${mode}` as const;

/** The path params every lesson route has. */
export interface LessonParams {
  trackId: string;
  tutorialId: string;
  chapterId: string;
}

/**
 * What the lesson screen is told: whether the learner's plan locks the chapter, and who was
 * signed in when it was asked for. A page the server drew does not wait for a stored session
 * (see main.tsx): should its chapter have been asked for without the learner's token, the locked
 * screen asks again once the signed-in state is known and differs.
 */
export interface LessonLoaded {
  locked: boolean;
  askedAs: AuthStatus;
}

export async function loadLesson(
  context: RouterContext,
  params: LessonParams,
): Promise<LessonLoaded> {
  const { queryClient, auth } = context;
  const place = placeOf(params);
  // An address with a malformed id: the screen says the lesson was not found.
  if (!place) return { locked: false, askedAs: auth.current().status };
  // A chapter the page did not carry is asked for once a stored session is back, with the
  // learner's token: asked without it, a subscriber's chapter past the free section would answer
  // 402 first. A page the server drew carries its chapter, and its start-up (main.tsx) never
  // waits for the session here.
  if (
    auth.current().status === "initializing" &&
    queryClient.getQueryData(chapterQuery(place).queryKey) === undefined
  ) {
    await auth.settled();
  }
  const askedAs = auth.current().status;
  const [locked] = await Promise.all([
    // A chapter that does not load is the route's error (lesson-states.tsx, LessonError).
    queryClient.ensureQueryData(chapterQuery(place)).then(
      () => false,
      (error: unknown) => {
        if (isApiError(error, "plan_required")) return true;
        throw error;
      },
    ),
    // The lesson opens without the outline: its failure stays in the cache, unshown, as before.
    // A locked chapter's screen names it from the outline.
    Promise.allSettled([queryClient.ensureQueryData(trackOutlineQuery(place.trackId))]),
  ]);
  return { locked, askedAs };
}
