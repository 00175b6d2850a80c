/**
 * The lesson screens of spec section 2 (learn, challenge, tutor; under /web and /ssr): a
 * chapter's lessons one after another with a progress indicator, each finished lesson sent with
 * completeLesson, and the end of the chapter leading to the daily goal, the project-done screen,
 * or (offline) the sync screen.
 */
import type { Lesson, LessonMode } from "@lumen/contracts";
import { LESSON, lessonsForMode } from "@lumen/lesson-view";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { track } from "../../analytics/track.ts";
import { useAuth } from "../../auth/auth-provider.tsx";
import { DevFeedbackToolbar } from "../../auth/dev-feedback-toolbar.tsx";
import {
  type ChapterPlace,
  chapterKey,
  fetchChapter,
  prefetchedChapter,
} from "../../lessons/chapter-client.ts";
import { finishedLessons, markLessonFinished } from "../../lessons/chapter-progress.ts";
import { ANONYMOUS_OWNER } from "../../lessons/draft-store.ts";
import { catalogClient, findTutorial, prefetchedTrack } from "../../progress/catalog-client.ts";
import { type CompleteLessonOutcome, completeLesson } from "../../progress/complete-lesson.ts";
import { catalogKeys } from "../../progress/queries.ts";
import { ChapterEnd } from "./chapter-end.tsx";
import { ChoiceLesson } from "./choice-lesson.tsx";
import { CodeLesson } from "./code-lesson.tsx";
import { ExplanationLesson } from "./explanation-lesson.tsx";
import { FillInLesson } from "./fill-in-lesson.tsx";
import { LessonHeader } from "./lesson-header.tsx";
import { Feedback } from "./lesson-parts.tsx";
import { contentPathOf, usePlace } from "./lesson-place.ts";
import { FirstPaintDone, Loading, Message } from "./lesson-states.tsx";
import type { LessonCompletion, LessonViewProps } from "./lesson-view.ts";
import { useClearProgress } from "./use-clear-progress.ts";

const VIEWS: Record<Lesson["type"], (props: LessonViewProps) => React.ReactNode> = {
  explanation: ExplanationLesson,
  "multiple-choice": ChoiceLesson,
  "fill-in": FillInLesson,
  code: CodeLesson,
  project: CodeLesson,
};

/** How long a chapter or track outline counts as fresh: opening it again within a minute reuses it. */
const PREFETCH_FRESH_MS = 60_000;

export function LessonScreen({ mode }: { mode: LessonMode }) {
  const place = usePlace();
  const auth = useAuth();
  if (!place) return <Message title="We could not find this lesson" />;
  if (auth.status === "initializing") return <Loading label="Opening the lesson" />;
  return <ChapterLessons place={place} mode={mode} userId={auth.user?.id ?? null} />;
}

export const LearnScreen = () => <LessonScreen mode="learn" />;
export const ChallengeScreen = () => <LessonScreen mode="challenge" />;
export const TutorScreen = () => <LessonScreen mode="tutor" />;

function ChapterLessons({
  place,
  mode,
  userId,
}: {
  place: ChapterPlace;
  mode: LessonMode;
  userId: string | null;
}) {
  const search = useSearch({ strict: false }) as { lesson?: number; clearProgress?: boolean };
  const navigate = useNavigate();
  // The page may carry both answers (lib/prefetched.ts): then the first render has them and
  // they count as fresh for a minute, so nothing is fetched again at once.
  const chapterQuery = useQuery({
    queryKey: chapterKey(place),
    queryFn: () => fetchChapter(place),
    retry: 1,
    initialData: () => prefetchedChapter(place),
    initialDataUpdatedAt: Date.now,
    staleTime: PREFETCH_FRESH_MS,
  });
  const outline = useQuery({
    queryKey: catalogKeys.track(place.trackId),
    queryFn: () => catalogClient.track(place.trackId),
    retry: 1,
    initialData: () => prefetchedTrack(place.trackId),
    initialDataUpdatedAt: Date.now,
    staleTime: PREFETCH_FRESH_MS,
  });
  const chapter = chapterQuery.data;
  const owner = userId ?? ANONYMOUS_OWNER;
  const [clearing, setClearing] = useState(search.clearProgress === true);
  const [clearError, setClearError] = useState<string>();
  const [finished, setFinished] = useState(() => finishedLessons(place.chapterId));
  const [ended, setEnded] = useState(false);
  const [completionError, setCompletionError] = useState<string>();
  const completions = useRef(new Map<number, Promise<CompleteLessonOutcome | undefined>>());

  const lessons = useMemo(() => lessonsForMode(chapter?.lessons ?? [], mode), [chapter, mode]);

  useClearProgress({
    clearing,
    chapter,
    owner,
    userId,
    onDone: (error) => {
      if (error) setClearError(error);
      setFinished(new Set());
      setClearing(false);
    },
  });

  const resumeAt = useMemo(() => {
    const next = lessons.findIndex((l) => !finished.has(l.id));
    return Math.max(next, 0);
    // Only where the learner arrives, not every time a lesson is finished.
    // eslint-disable-next-line
  }, [lessons]);
  const index = Math.min(Math.max(search.lesson ?? resumeAt, 0), Math.max(lessons.length - 1, 0));
  const lesson = lessons[index];
  const isLast = index === lessons.length - 1;

  const tutorialPlace = outline.data ? findTutorial(outline.data, place.tutorialId) : undefined;
  const tutorial = tutorialPlace?.tutorial;
  const chapterAt = tutorial?.chapters.findIndex((c) => c.id === place.chapterId) ?? -1;
  const lastChapterOfTutorial = tutorial ? chapterAt === tutorial.chapters.length - 1 : false;
  const nextChapter = tutorial
    ? (tutorial.chapters[chapterAt + 1] ?? tutorialPlace?.next?.chapters[0])
    : undefined;
  const nextTutorialId =
    tutorial && !tutorial.chapters[chapterAt + 1] ? tutorialPlace?.next?.id : tutorial?.id;

  const analytics = useMemo(
    (): Record<string, string | number> =>
      lesson
        ? {
            trackId: place.trackId,
            tutorialId: place.tutorialId,
            chapterId: place.chapterId,
            lessonId: lesson.id,
            lessonType: lesson.type,
            language: lesson.codeLanguage,
            mode,
          }
        : {},
    [lesson, place, mode],
  );

  useEffect(() => {
    if (lesson && !clearing) track("open_lesson", analytics);
  }, [lesson, clearing, analytics]);

  const goTo = useCallback(
    (next: number) => {
      setEnded(false);
      void navigate({
        to: ".",
        search: (prev: Record<string, unknown>) => ({ ...prev, lesson: next }),
      } as never);
      window.scrollTo({ top: 0 });
    },
    [navigate],
  );

  const onPassed = useCallback(
    (done: Lesson, completion: LessonCompletion) => {
      if (!chapter) return;
      markLessonFinished(chapter.id, done.id);
      setFinished((current) => new Set(current).add(done.id));
      track("finish_lesson", analytics);
      setCompletionError(undefined);
      if (!userId) return;
      completions.current.set(
        done.id,
        completeLesson({
          trackId: chapter.trackId,
          tutorialId: chapter.tutorialId,
          chapterId: chapter.id,
          trackVersion: chapter.trackVersion,
          lessonId: done.id,
          ...completion,
        }).catch((error: unknown) => {
          setCompletionError(error instanceof Error ? error.message : String(error));
          return undefined;
        }),
      );
    },
    [chapter, userId, analytics],
  );

  const finishChapter = useCallback(async () => {
    if (!chapter || !lesson) return;
    if (mode === "challenge" || !userId) {
      if (mode !== "challenge") {
        track("finish_chapter", analytics);
        if (lastChapterOfTutorial) track("finish_tutorial", analytics);
      }
      setEnded(true);
      return;
    }
    track("finish_chapter", analytics);
    if (lastChapterOfTutorial) track("finish_tutorial", analytics);
    const outcome = await completions.current.get(lesson.id);
    const where = {
      trackId: chapter.trackId,
      tutorialId: chapter.tutorialId,
      chapterId: chapter.id,
      sectionIndex: tutorialPlace?.section.index,
    };
    if (outcome?.queued) {
      await navigate({ to: "/web/syncProgress", search: where });
    } else if (tutorial?.project && lastChapterOfTutorial) {
      await navigate({ to: "/web/project-done", search: where });
    } else {
      const prevXPCount = outcome
        ? Math.max(0, outcome.result.progress.today.xp - outcome.result.xpEarned)
        : undefined;
      await navigate({ to: "/web/daily-goal", search: { ...where, prevXPCount } });
    }
  }, [
    chapter,
    lesson,
    mode,
    userId,
    analytics,
    lastChapterOfTutorial,
    tutorialPlace,
    tutorial,
    navigate,
  ]);

  if (chapterQuery.isError) {
    return (
      <Message title="This chapter did not open">
        <p>{chapterQuery.error.message}</p>
      </Message>
    );
  }
  if (!chapter || clearing) {
    return <Loading label={clearing ? "Clearing your progress" : "Opening the lesson"} />;
  }
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
    analytics,
    continueLabel: isLast
      ? mode === "challenge"
        ? "Finish practice"
        : "Finish chapter"
      : "Continue",
    onPassed: (completion) => onPassed(lesson, completion),
    onContinue: () => (isLast ? void finishChapter() : goTo(index + 1)),
    onSkip: () => {
      track("skip_lesson", analytics);
      if (isLast) void finishChapter();
      else goTo(index + 1);
    },
  };

  return (
    <div className={LESSON.screen} data-testid="lesson-screen" data-lesson-id={lesson.id}>
      <FirstPaintDone />
      <LessonHeader
        mode={mode}
        place={`${tutorial ? `${tutorial.title} · ` : ""}${chapter.title}`}
        lessons={lessons}
        index={index}
        finished={finished}
        onGoTo={goTo}
      />
      {clearError && (
        <div className="mb-4">
          <Feedback tone="wrong" title="Your saved work could not be cleared">
            {clearError}
          </Feedback>
        </div>
      )}
      {completionError && (
        <div className="mb-4">
          <Feedback tone="wrong" title="This lesson was not recorded">
            {completionError}
          </Feedback>
        </div>
      )}
      {ended ? (
        <ChapterEnd
          mode={mode}
          signedIn={Boolean(userId)}
          chapterTitle={chapter.title}
          place={place}
          next={
            nextChapter && nextTutorialId
              ? { tutorialId: nextTutorialId, chapterId: nextChapter.id, title: nextChapter.title }
              : undefined
          }
        />
      ) : (
        <View key={`${lesson.id}-${mode}`} {...viewProps} />
      )}
      <div className="mt-6">
        <DevFeedbackToolbar
          info={{
            trackId: chapter.trackId,
            tutorialId: chapter.tutorialId,
            chapterId: chapter.id,
            lessonId: lesson.id,
            contentPath: contentPathOf(outline.data?.slug, tutorial?.slug, chapter, lesson),
            contentVersion: chapter.trackVersion,
          }}
        />
      </div>
    </div>
  );
}
