/**
 * A learner's time in one chapter on a lesson screen: which lesson is open (the address's
 * `?lesson=`, else where they left off), the lessons finished on this device, the tutor's
 * clearProgress, each passed lesson's completion sent as a mutation, the analytics events, and
 * what "Finish chapter" leads to (after-chapter.ts). The screen only renders what this returns.
 */
import type { Lesson, LessonMode } from "@lumen/contracts";
import { lessonsForMode } from "@lumen/lesson-view";
import { useMutation } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { findTutorial, type TrackOutline } from "../../../lib/catalog-client.ts";
import { type CompleteLessonInput, completeLesson } from "../../progress/lib/complete-lesson.ts";
import type { LessonChapter } from "../api/chapter-client.ts";
import type { LessonRouteId } from "../lesson-loader.ts";
import { afterChapter, chapterEndEvents, nextChapterOf } from "../lib/after-chapter.ts";
import { finishedLessons, markLessonFinished } from "../lib/chapter-progress.ts";
import { ANONYMOUS_OWNER } from "../lib/draft-store.ts";
import type { LessonCompletion } from "../lib/lesson-view.ts";
import { useClearProgress } from "./use-clear-progress.ts";

export function useChapterSession(input: {
  from: LessonRouteId;
  chapter: LessonChapter;
  /** The track's outline, when it loaded: the tutorial's name and what comes after the chapter. */
  outline: TrackOutline | undefined;
  mode: LessonMode;
  userId: string | null;
}) {
  const { from, chapter, outline, mode, userId } = input;
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const place = useMemo(
    () => ({ trackId: chapter.trackId, tutorialId: chapter.tutorialId, chapterId: chapter.id }),
    [chapter],
  );
  const [clearing, setClearing] = useState("clearProgress" in search && search.clearProgress);
  const [clearError, setClearError] = useState<string>();
  const [finished, setFinished] = useState(() => finishedLessons(chapter.id));
  const [ended, setEnded] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [completionError, setCompletionError] = useState<string>();

  const lessons = useMemo(() => lessonsForMode(chapter.lessons, mode), [chapter, mode]);

  useClearProgress({
    from,
    clearing: clearing === true,
    chapter,
    owner: userId ?? ANONYMOUS_OWNER,
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
  const lesson: Lesson | undefined = lessons[index];
  const isLast = index === lessons.length - 1;

  const analytics = useMemo(
    (): Record<string, string | number> =>
      lesson
        ? {
            ...place,
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

  // Each passed lesson's completion; the last one's answer decides where the chapter leads.
  const completion = useMutation({
    mutationFn: (lessonDone: CompleteLessonInput) => completeLesson(lessonDone),
    // Offline too: completeLesson queues the completion itself (for /web/syncProgress).
    networkMode: "always",
    // On the mutation, not the call: an earlier lesson's late failure still shows.
    onError: (error) => setCompletionError(error.message),
  });

  const goTo = useCallback(
    (next: number) => {
      setEnded(false);
      void navigate({ to: ".", search: (prev) => ({ ...prev, lesson: next }) });
      window.scrollTo({ top: 0 });
    },
    [navigate],
  );

  const passed = (done: Lesson, result: LessonCompletion) => {
    markLessonFinished(chapter.id, done.id);
    setFinished((current) => new Set(current).add(done.id));
    track("finish_lesson", analytics);
    setCompletionError(undefined);
    if (!userId) return;
    completion.mutate({
      ...place,
      trackVersion: chapter.trackVersion,
      lessonId: done.id,
      ...result,
    });
  };

  const finishChapter = () => {
    for (const event of chapterEndEvents(mode, outline, place)) track(event, analytics);
    // Where the chapter leads waits for the last lesson's completion, if it is still on its way.
    setFinishing(true);
  };

  const lastLessonSending = completion.isPending && completion.variables.lessonId === lesson?.id;
  useEffect(() => {
    if (!finishing || lastLessonSending) return;
    setFinishing(false);
    const answered = completion.variables?.lessonId === lesson?.id;
    const next = afterChapter({
      mode,
      signedIn: Boolean(userId),
      place,
      outline,
      outcome: answered ? completion.data : undefined,
    });
    if (next.kind === "chapterEnd") setEnded(true);
    else if (next.kind === "syncProgress")
      void navigate({ to: "/web/syncProgress", search: next.search });
    else if (next.kind === "projectDone")
      void navigate({ to: "/web/project-done", search: next.search });
    else void navigate({ to: "/web/daily-goal", search: next.search });
  }, [
    finishing,
    lastLessonSending,
    completion.variables,
    completion.data,
    lesson,
    mode,
    userId,
    place,
    outline,
    navigate,
  ]);

  const next = () => (isLast ? finishChapter() : goTo(index + 1));

  return {
    lessons,
    index,
    lesson,
    isLast,
    finished,
    ended,
    clearing: clearing === true,
    clearError,
    completionError,
    analytics,
    tutorial: outline ? findTutorial(outline, chapter.tutorialId)?.tutorial : undefined,
    nextChapter: nextChapterOf(outline, place),
    goTo,
    passed,
    /** "Continue" (or "Finish chapter" on the last lesson). */
    next,
    skip: () => {
      track("skip_lesson", analytics);
      next();
    },
  };
}
