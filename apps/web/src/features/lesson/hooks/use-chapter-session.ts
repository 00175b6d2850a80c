/**
 * A learner's time in one chapter on a lesson screen: which lesson is open (the address's
 * `?lesson=`, else where they left off), which lessons the bar shows finished, the tutor's
 * clearProgress, each passed lesson's completion sent as a mutation (or, for a guest, kept on
 * this device for their account), the analytics events, when to invite a guest to sign up, and
 * what "Finish chapter" leads to (after-chapter.ts). The screen only renders what this returns.
 *
 * Finished lessons (issue 13): the server's progress is the truth; this device's copy fills the
 * gap only while the server cannot be asked; queued completions (offline, or a guest's) count
 * too (lib/chapter-progress.ts). Opening a lesson moves the active section (issue 13). A guest's
 * code becomes the account's when they sign in, before the lesson opens (lib/guest-drafts.ts).
 */
import type { Lesson, LessonMode } from "@lumen/contracts";
import { lessonsForMode } from "@lumen/lesson-view";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { findTutorial, type TrackOutline } from "../../../lib/catalog-client.ts";
import { trackProgressQuery } from "../../../lib/queries.ts";
import { useQueuedLessons } from "../../progress/hooks/use-queued-lessons.ts";
import { startedLessonIn } from "../../progress/lib/active-place.ts";
import {
  browserCompletionDeps,
  type CompleteLessonInput,
  completeLesson,
  keepGuestCompletion,
} from "../../progress/lib/complete-lesson.ts";
import { forgetGuestLessons, progressQueueStore } from "../../progress/lib/offline-queue.ts";
import type { LessonChapter } from "../api/chapter-client.ts";
import type { LessonRouteId } from "../lesson-loader.ts";
import { afterChapter, chapterEndEvents, nextChapterOf } from "../lib/after-chapter.ts";
import {
  finishedInChapter,
  finishedLessons,
  markLessonFinished,
  resumeIndex,
} from "../lib/chapter-progress.ts";
import { ANONYMOUS_OWNER } from "../lib/draft-store.ts";
import { adoptGuestWork, hasGuestWork, rememberGuestLesson } from "../lib/guest-drafts.ts";
import type { LessonCompletion } from "../lib/lesson-view.ts";
import {
  dismissInvite,
  inviteDismissed,
  inviteMoment,
  markInvited,
  wasInvited,
} from "../lib/signup-invite.ts";
import { useClearProgress } from "./use-clear-progress.ts";

/** Arriving without `?lesson=`, how long the server may take to say where the learner left off. */
export const RESUME_WAIT_MS = 3_000;

const NONE: ReadonlySet<number> = new Set();

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
  const client = useQueryClient();
  const owner = userId ?? ANONYMOUS_OWNER;
  const place = useMemo(
    () => ({ trackId: chapter.trackId, tutorialId: chapter.tutorialId, chapterId: chapter.id }),
    [chapter],
  );
  const [clearing, setClearing] = useState("clearProgress" in search && search.clearProgress);
  const [clearError, setClearError] = useState<string>();
  // After the tutor's clear, the bar starts afresh on this screen (the server keeps its record).
  const [cleared, setCleared] = useState(false);
  // Lessons passed on this screen, for whom: shown at once, taken back if the server refuses one.
  const [passedHere, setPassedHere] = useState<{ owner: string; ids: ReadonlySet<number> }>({
    owner,
    ids: NONE,
  });
  const [ended, setEnded] = useState(false);
  const [finishing, setFinishing] = useState(false);
  // Finish chapter stays busy until the next screen replaces this one (issue 13, item 8).
  const [leaving, setLeaving] = useState(false);
  const [completionError, setCompletionError] = useState<string>();
  // The sign-up invitation's moments, remembered for the browser session.
  const [invited, setInvited] = useState(wasInvited);
  const [inviteClosed, setInviteClosed] = useState(inviteDismissed);
  // A guest's code becomes this account's before a lesson opens with the starter instead.
  const [adopting, setAdopting] = useState(() => Boolean(userId) && hasGuestWork());

  const lessons = useMemo(() => lessonsForMode(chapter.lessons, mode), [chapter, mode]);
  const lessonIds = useMemo(() => chapter.lessons.map((l) => l.id), [chapter]);

  useClearProgress({
    from,
    clearing: clearing === true,
    chapter,
    owner,
    userId,
    onDone: (error) => {
      if (error) setClearError(error);
      if (!userId) void forgetGuestLessons(progressQueueStore(), lessonIds).catch(() => undefined);
      setPassedHere({ owner, ids: NONE });
      setCleared(true);
      setClearing(false);
    },
  });

  useEffect(() => {
    if (!userId || !hasGuestWork()) {
      setAdopting(false);
      return;
    }
    let live = true;
    setAdopting(true);
    adoptGuestWork(userId)
      .catch((error: unknown) => console.warn("A guest's code was not moved over.", error))
      .finally(() => {
        if (live) setAdopting(false);
      });
    return () => {
      live = false;
    };
  }, [userId]);

  // What the bar shows finished: the server's word, or this device's while it cannot answer.
  const serverProgress = useQuery({
    ...trackProgressQuery(chapter.trackId),
    enabled: Boolean(userId),
  });
  const server = useMemo(
    () =>
      userId && serverProgress.data ? new Set(serverProgress.data.completedLessonIds) : undefined,
    [userId, serverProgress.data],
  );
  const queued = useQueuedLessons(userId);
  // Read once a learner: what this screen passes since is in passedHere.
  const device = useMemo(
    () => (userId ? finishedLessons(userId, chapter.id) : NONE),
    [userId, chapter.id],
  );
  const passedIds = passedHere.owner === owner ? passedHere.ids : NONE;
  const finished = useMemo(
    () =>
      cleared
        ? new Set(passedIds)
        : finishedInChapter({
            lessonIds,
            server,
            device,
            queued: queued ?? NONE,
            passed: passedIds,
          }),
    [cleared, lessonIds, server, device, queued, passedIds],
  );

  // Where the learner arrives: decided once, when what they finished is known.
  const [serverWaitOver, setServerWaitOver] = useState(false);
  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => setServerWaitOver(true), RESUME_WAIT_MS);
    return () => clearTimeout(timer);
  }, [userId]);
  const serverSettled =
    !userId ||
    serverProgress.data !== undefined ||
    serverProgress.isError ||
    serverProgress.fetchStatus === "paused" ||
    serverWaitOver;
  const progressKnown = !clearing && !adopting && queued !== undefined && serverSettled;
  const [resumeAt, setResumeAt] = useState<number>();
  if (resumeAt === undefined && progressKnown) setResumeAt(resumeIndex(lessons, finished));

  const index = Math.min(
    Math.max(search.lesson ?? resumeAt ?? 0, 0),
    Math.max(lessons.length - 1, 0),
  );
  const lesson: Lesson | undefined = lessons[index];
  const isLast = index === lessons.length - 1;
  const waitingFor = clearing
    ? "Clearing your progress"
    : adopting
      ? "Bringing your code to your account"
      : search.lesson === undefined && resumeAt === undefined
        ? "Finding where you left off"
        : undefined;

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
    if (lesson && !waitingFor) track("open_lesson", analytics);
  }, [lesson, waitingFor, analytics]);

  // Starting a lesson (not practising one) makes its section the active one.
  const sectionIndex = outline
    ? findTutorial(outline, chapter.tutorialId)?.section.index
    : undefined;
  const opened = lesson !== undefined && !clearing;
  useEffect(() => {
    if (!opened || mode === "challenge" || sectionIndex === undefined) return;
    void startedLessonIn({
      client,
      signedIn: Boolean(userId),
      trackId: chapter.trackId,
      sectionIndex,
    });
  }, [opened, mode, sectionIndex, client, userId, chapter.trackId]);

  // A guest's code lessons, so that their code can follow them into an account.
  const codeLessonId =
    lesson && (lesson.type === "code" || lesson.type === "project") ? lesson.id : undefined;
  useEffect(() => {
    if (userId || codeLessonId === undefined) return;
    rememberGuestLesson(codeLessonId, { ...place, trackVersion: chapter.trackVersion });
  }, [userId, codeLessonId, place, chapter.trackVersion]);

  const forget = useCallback(
    (lessonId: number) =>
      setPassedHere((current) => {
        const ids = new Set(current.ids);
        ids.delete(lessonId);
        return { ...current, ids };
      }),
    [],
  );

  // Each passed lesson's completion; the last one's answer decides where the chapter leads.
  const completion = useMutation({
    mutationFn: (lessonDone: CompleteLessonInput) =>
      completeLesson(lessonDone, browserCompletionDeps(userId ?? undefined)),
    // Offline too: completeLesson queues the completion itself (synced when back online).
    networkMode: "always",
    onSuccess: (_outcome, lessonDone) => {
      if (userId) markLessonFinished(userId, lessonDone.chapterId, lessonDone.lessonId);
    },
    // On the mutation, not the call: an earlier lesson's late failure still shows.
    onError: (error, lessonDone) => {
      forget(lessonDone.lessonId);
      setCompletionError(error.message);
    },
  });

  const goTo = useCallback(
    (next: number) => {
      setEnded(false);
      void navigate({
        to: ".",
        search: (prev: Record<string, unknown>) => ({ ...prev, lesson: next }),
      });
      window.scrollTo({ top: 0 });
    },
    [navigate],
  );

  const passed = (done: Lesson, result: LessonCompletion) => {
    setPassedHere((current) => ({
      owner,
      ids: new Set(current.owner === owner ? current.ids : NONE).add(done.id),
    }));
    track("finish_lesson", analytics);
    setCompletionError(undefined);
    const lessonDone: CompleteLessonInput = {
      ...place,
      trackVersion: chapter.trackVersion,
      lessonId: done.id,
      ...result,
    };
    if (!userId) {
      // Kept on this device until an account signs in here (hooks/use-auto-sync.ts sends it).
      void keepGuestCompletion(lessonDone).catch((error: unknown) =>
        console.warn("This lesson could not be kept on this device.", error),
      );
      if (done.type !== "explanation") {
        markInvited();
        setInvited(true);
      }
      return;
    }
    completion.mutate(lessonDone);
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
    if (next.kind !== "chapterEnd") setLeaving(true);
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

  // A guest is invited after their first passed check, and at the end of a chapter.
  const invite = inviteMoment({
    signedIn: Boolean(userId),
    dismissed: inviteClosed,
    chapterEnded: ended && mode !== "challenge",
    invited,
  });

  return {
    lessons,
    index,
    lesson,
    isLast,
    finished,
    ended,
    /** Finish chapter waits: for the last lesson's verification, then for the next screen. */
    finishing: finishing || leaving,
    clearing: clearing === true,
    /** Why the lesson cannot open yet (a loading label), or undefined when it can. */
    waitingFor,
    clearError,
    completionError,
    analytics,
    invite,
    dismissInvite: () => {
      dismissInvite();
      setInviteClosed(true);
    },
    /** What a guest has finished on this device (the invite says so), this chapter's and others'. */
    guestFinished: userId ? 0 : new Set([...(queued ?? NONE), ...passedIds]).size,
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
