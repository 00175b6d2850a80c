/**
 * The lesson screens of spec section 2 (learn, challenge, tutor; under /web and /ssr): a
 * chapter's lessons one after another with a progress indicator. Only rendering happens here:
 * the route's loader has the chapter in the cache (lesson-loader.ts), and the learner's time in
 * the chapter, its completions and where it ends are use-chapter-session.ts's.
 */
import type { Lesson, LessonMode } from "@lumen/contracts";
import { LESSON } from "@lumen/lesson-view";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useLoaderData } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { chapterQuery, trackOutlineQuery } from "../../lib/queries.ts";
import { importWhenOnline, preloadParts } from "../../offline/stale-chunk.ts";
import { useMayOverrideFlags } from "../../shell/dev-toolbar.tsx";
import { useAuth } from "../auth/components/auth-provider.tsx";
import type { ChapterPlace } from "./api/chapter-client.ts";
import { CodeLesson, SkipToEditor } from "./components/code-lesson.tsx";
import { ExplanationLesson } from "./components/explanation-lesson.tsx";
import { LessonHeader } from "./components/lesson-header.tsx";
import { Feedback } from "./components/lesson-parts.tsx";
import { FirstPaintDone, Loading, Message } from "./components/lesson-states.tsx";
import { useChapterSession } from "./hooks/use-chapter-session.ts";
import type { LessonRouteId } from "./lesson-loader.ts";
import { contentPathOf, usePlace } from "./lib/lesson-place.ts";
import type { LessonViewProps } from "./lib/lesson-view.ts";

// Code and explanation lessons, the most common, come with the screen; the quiz kinds, the
// chapter's end and the guest's invitation load on first use (issue 6's 200 KB budget for the
// screen's first load), and are fetched while the browser is idle so a later lesson never waits.
// Offline before the service worker stored them, a part waits for the connection (Suspense shows).
const loadChoice = () => importWhenOnline(() => import("./components/choice-lesson.tsx"));
const loadFillIn = () => importWhenOnline(() => import("./components/fill-in-lesson.tsx"));
const loadChapterEnd = () => importWhenOnline(() => import("./components/chapter-end.tsx"));
const loadInvite = () => importWhenOnline(() => import("./components/signup-invite.tsx"));
const ChoiceLesson = lazy(() => loadChoice().then((m) => ({ default: m.ChoiceLesson })));
const FillInLesson = lazy(() => loadFillIn().then((m) => ({ default: m.FillInLesson })));
const ChapterEnd = lazy(() => loadChapterEnd().then((m) => ({ default: m.ChapterEnd })));
const SignupInvite = lazy(() => loadInvite().then((m) => ({ default: m.SignupInvite })));
// Only course engineers and admins see the lesson's debug toolbar: nobody else loads its code.
const DevFeedbackToolbar = lazy(() =>
  import("../../shell/dev-feedback-toolbar.tsx").then((m) => ({ default: m.DevFeedbackToolbar })),
);
// A chapter the learner's plan does not open (issue 15): only then is its screen loaded.
const LockedLesson = lazy(() =>
  importWhenOnline(() => import("./components/locked-lesson.tsx")).then((m) => ({
    default: m.LockedLesson,
  })),
);

function usePreloadLessonParts() {
  useEffect(() => {
    const load = () => preloadParts([loadChoice, loadFillIn, loadChapterEnd, loadInvite]);
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(load, { timeout: 5000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 2000);
    return () => clearTimeout(timer);
  }, []);
}

const VIEWS: Record<Lesson["type"], (props: LessonViewProps) => React.ReactNode> = {
  explanation: ExplanationLesson,
  "multiple-choice": ChoiceLesson,
  "fill-in": FillInLesson,
  code: CodeLesson,
  project: CodeLesson,
};

/** One lesson route's screen; `from` names its route, so that its params and search are typed. */
export function LessonScreen({ from, mode }: { from: LessonRouteId; mode: LessonMode }) {
  const place = usePlace(from);
  const auth = useAuth();
  const { locked } = useLoaderData({ from });
  if (!place) return <Message title="We could not find this lesson" />;
  if (locked) {
    return (
      <Suspense fallback={<Loading label="Opening the lesson" />}>
        <LockedLesson from={from} />
      </Suspense>
    );
  }
  if (auth.status === "initializing") return <Loading label="Opening the lesson" />;
  return <ChapterLessons from={from} place={place} mode={mode} userId={auth.user?.id ?? null} />;
}

function ChapterLessons({
  from,
  place,
  mode,
  userId,
}: {
  from: LessonRouteId;
  place: ChapterPlace;
  mode: LessonMode;
  userId: string | null;
}) {
  const { data: chapter } = useSuspenseQuery(chapterQuery(place));
  // Not suspense: the outline only names the tutorial and the next chapter, and the lesson opens
  // without it (its loader does not fail for it either).
  const { data: outline } = useQuery(trackOutlineQuery(place.trackId));
  const mayOverrideFlags = useMayOverrideFlags();
  const session = useChapterSession({ from, chapter, outline, mode, userId });
  usePreloadLessonParts();
  const { lesson, tutorial } = session;

  if (session.waitingFor) return <Loading label={session.waitingFor} />;
  if (!lesson) {
    return (
      <Message title="No code challenges here">
        <p>
          This chapter has no code challenges to practise.{" "}
          <Link
            to="/web/track/$trackId/tutorial/$tutorialId/chapter/$chapterId/learn"
            params={{
              trackId: String(place.trackId),
              tutorialId: String(place.tutorialId),
              chapterId: String(place.chapterId),
            }}
            search={{}}
            className="font-medium text-brand-600 underline dark:text-brand-100"
          >
            Open the lessons
          </Link>
        </p>
      </Message>
    );
  }

  const View = VIEWS[lesson.type];
  const viewProps: LessonViewProps = {
    chapter,
    lesson,
    mode,
    userId,
    analytics: session.analytics,
    continueLabel: session.isLast
      ? mode === "challenge"
        ? "Finish practice"
        : "Finish chapter"
      : "Continue",
    continuePending: session.isLast && session.finishing,
    onPassed: (completion) => session.passed(lesson, completion),
    onContinue: session.next,
    onSkip: session.skip,
  };

  return (
    <div className={LESSON.screen} data-testid="lesson-screen" data-lesson-id={lesson.id}>
      {!session.ended && (lesson.type === "code" || lesson.type === "project") && <SkipToEditor />}
      <LessonHeader
        mode={mode}
        place={`${tutorial ? `${tutorial.title} · ` : ""}${chapter.title}`}
        lessons={session.lessons}
        index={session.index}
        finished={session.finished}
        onGoTo={session.goTo}
      />
      {session.clearError && (
        <div className="mb-4">
          <Feedback tone="wrong" title="Your saved work could not be cleared">
            {session.clearError}
          </Feedback>
        </div>
      )}
      {session.completionError && (
        <div className="mb-4">
          <Feedback tone="wrong" title="This lesson was not recorded">
            {session.completionError}
          </Feedback>
        </div>
      )}
      <Suspense fallback={null}>
        {session.invite !== undefined && (
          <SignupInvite
            moment={session.invite}
            finished={session.guestFinished}
            lessonIndex={session.index}
            onDismiss={session.dismissInvite}
          />
        )}
      </Suspense>
      {/* The server's first paint stays until the lesson's own code has drawn it (a lazily
          loaded kind included): FirstPaintDone mounts with the view. */}
      <Suspense fallback={<Loading label="Opening the lesson" />}>
        <FirstPaintDone />
        {session.ended ? (
          <ChapterEnd
            mode={mode}
            signedIn={Boolean(userId)}
            invited={session.invite !== undefined}
            chapterTitle={chapter.title}
            place={place}
            next={session.nextChapter}
          />
        ) : (
          <View key={`${lesson.id}-${mode}`} {...viewProps} />
        )}
      </Suspense>
      {mayOverrideFlags ? (
        <div className="mt-6">
          <Suspense fallback={null}>
            <DevFeedbackToolbar
              info={{
                trackId: chapter.trackId,
                tutorialId: chapter.tutorialId,
                chapterId: chapter.id,
                lessonId: lesson.id,
                contentPath: contentPathOf(outline?.slug, tutorial?.slug, chapter, lesson),
                contentVersion: chapter.trackVersion,
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
