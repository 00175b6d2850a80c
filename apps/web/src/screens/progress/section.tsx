/**
 * /web/{trackId}/section/{sectionIndex} (issue 7): a section's learning path. Tutorials are done,
 * current or locked (in order within the section) with progress bars; each open one links to its
 * chapters' lessons. Visiting a section makes it the track's active one (cookie and server).
 */
import { resumePoint, tutorialStates } from "@lumen/core";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useAuth } from "../../auth/auth-provider.tsx";
import { writeActiveSection, writeActiveTrack } from "../../progress/active-cookies.ts";
import { type OutlineTutorial, toPathTrack } from "../../progress/catalog-client.ts";
import { CheckIcon, LockIcon } from "../../progress/icons.tsx";
import { lessonHref, resumeIndex } from "../../progress/next-step.ts";
import {
  useActiveSection,
  useActiveTrack,
  useSetActiveSection,
  useSetActiveTrack,
  useTrackOutline,
  useTrackProgress,
} from "../../progress/queries.ts";
import { card, HrefLink, Problem, ProgressLine, primaryButton, Quiet } from "./parts.tsx";

const route = getRouteApi("/web/$trackId/section/$sectionIndex");

type State = "locked" | "current" | "done";

const BADGE: Record<State, { text: string; className: string }> = {
  done: {
    text: "Done",
    className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  },
  current: {
    text: "Up next",
    className: "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300",
  },
  locked: {
    text: "Locked",
    className: "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400",
  },
};

const NODE: Record<State, string> = {
  done: "bg-emerald-500 text-white",
  current:
    "bg-indigo-600 text-white ring-4 ring-indigo-200 dark:bg-indigo-500 dark:ring-indigo-900",
  locked: "bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-500",
};

function TutorialCard({
  trackId,
  tutorial,
  position,
  state,
  completedLessons,
  totalLessons,
  completed,
}: {
  trackId: number;
  tutorial: OutlineTutorial;
  position: number;
  state: State;
  completedLessons: number;
  totalLessons: number;
  completed: ReadonlySet<number>;
}) {
  const badge = BADGE[state];
  return (
    <li className="group relative flex gap-3 sm:gap-4">
      <div className="flex flex-col items-center">
        <span
          aria-hidden="true"
          className={`z-10 flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-bold ${NODE[state]}`}
        >
          {state === "done" ? (
            <CheckIcon className="h-5 w-5" />
          ) : state === "locked" ? (
            <LockIcon className="h-4 w-4" />
          ) : (
            position
          )}
        </span>
        <span
          aria-hidden="true"
          className="w-0.5 flex-1 bg-slate-200 group-last:invisible dark:bg-slate-800"
        />
      </div>
      <article
        aria-label={`${tutorial.title}: ${badge.text}`}
        className={`${card} mb-4 min-w-0 flex-1 ${state === "locked" ? "opacity-70" : ""} ${state === "current" ? "border-indigo-300 dark:border-indigo-700" : ""}`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>
            {badge.text}
          </span>
          {tutorial.project ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-300">
              Project
            </span>
          ) : null}
        </div>
        <h2 className="mt-2 text-lg font-bold">{tutorial.title}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{tutorial.description}</p>
        <div className="mt-3 flex items-center gap-3">
          <div className="flex-1">
            <ProgressLine
              value={completedLessons}
              max={totalLessons}
              label={`${tutorial.title} progress`}
            />
          </div>
          <span className="text-xs font-medium tabular-nums text-slate-500 dark:text-slate-400">
            {completedLessons}/{totalLessons}
          </span>
        </div>
        {state === "locked" ? (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
            Finish the tutorial before this one to unlock it.
          </p>
        ) : (
          <ol className="mt-3 flex flex-col gap-1">
            {tutorial.chapters.map((chapter) => {
              const done = chapter.lessons.filter((l) => completed.has(l.id)).length;
              return (
                <li key={chapter.id}>
                  <Link
                    to="/web/track/$trackId/tutorial/$tutorialId/chapter/$chapterId/learn"
                    params={{
                      trackId: String(trackId),
                      tutorialId: String(tutorial.id),
                      chapterId: String(chapter.id),
                    }}
                    search={{ lesson: resumeIndex(chapter.lessons, completed) }}
                    className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <span
                        aria-hidden="true"
                        className={
                          done === chapter.lessons.length ? "text-emerald-500" : "text-slate-400"
                        }
                      >
                        {done === chapter.lessons.length ? "●" : "○"}
                      </span>
                      <span className="truncate font-medium">{chapter.title}</span>
                    </span>
                    <span className="shrink-0 text-xs tabular-nums text-slate-500 dark:text-slate-400">
                      {done}/{chapter.lessons.length}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
      </article>
    </li>
  );
}

export function Section() {
  const params = route.useParams();
  const trackId = Number(params.trackId);
  const sectionIndex = Number(params.sectionIndex);
  const { status } = useAuth();
  const signedIn = status === "signedIn";
  const outline = useTrackOutline(
    Number.isSafeInteger(trackId) && trackId > 0 ? trackId : undefined,
  );
  const progress = useTrackProgress(signedIn ? trackId : undefined);
  const active = useActiveSection(signedIn ? trackId : undefined);
  const activeTrack = useActiveTrack();
  const setActive = useSetActiveSection(trackId);
  const setTrack = useSetActiveTrack();

  const section = outline.data?.sections.find((s) => s.index === sectionIndex);

  // Visiting a section makes it the active one: in the cookies now, on the server once known.
  useEffect(() => {
    if (!section) return;
    writeActiveTrack(trackId);
    writeActiveSection(trackId, sectionIndex);
  }, [section, trackId, sectionIndex]);
  // Each visit asks the server once: an answer that differs is the server's call, not a retry.
  const asked = useRef({ section: "", track: 0 });
  const { mutate: activateSection } = setActive;
  useEffect(() => {
    const key = `${trackId}:${sectionIndex}`;
    if (!section || !active.data || asked.current.section === key) return;
    asked.current.section = key;
    if (active.data.sectionIndex !== sectionIndex) activateSection(sectionIndex);
  }, [section, active.data, trackId, sectionIndex, activateSection]);
  const { mutate: activateTrack } = setTrack;
  useEffect(() => {
    if (!section || !activeTrack.data || asked.current.track === trackId) return;
    asked.current.track = trackId;
    if (activeTrack.data.trackId !== trackId) activateTrack(trackId);
  }, [section, activeTrack.data, trackId, activateTrack]);

  if (outline.error) return <Problem error={outline.error} />;
  if (!outline.data) return <Quiet>Loading your learning path…</Quiet>;
  if (!section) {
    return (
      <Problem error={new Error(`${outline.data.title} has no section ${sectionIndex + 1}.`)} />
    );
  }
  if (progress.error) return <Problem error={progress.error} />;

  const track = outline.data;
  const completed = new Set(progress.data?.completedLessonIds ?? []);
  const path = toPathTrack(track);
  const states = new Map(
    (progress.data?.tutorials ?? tutorialStates(path, completed)).map((t) => [t.id, t]),
  );
  const resume = resumePoint(path, sectionIndex, completed);
  const resumeTutorial = section.tutorials.find((t) => t.id === resume?.tutorialId);
  const resumeLesson = resumeTutorial?.chapters
    .find((c) => c.id === resume?.chapterId)
    ?.lessons.find((l) => l.index === resume?.lessonIndex);
  const sectionDone = section.tutorials.every((t) => states.get(t.id)?.state === "done");
  const doneCount = section.tutorials.filter((t) => states.get(t.id)?.state === "done").length;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase tracking-widest text-indigo-600 dark:text-indigo-400">
          {track.title}
        </p>
        <h1 className="text-3xl font-extrabold tracking-tight">{section.title}</h1>
        <p className="text-slate-600 dark:text-slate-400">
          Section {sectionIndex + 1} of {track.sections.length} · {doneCount} of{" "}
          {section.tutorials.length} tutorials done
        </p>
        {track.sections.length > 1 ? (
          <nav aria-label="Sections" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
            {track.sections.map((s) => (
              <Link
                key={s.index}
                to="/web/$trackId/section/$sectionIndex"
                params={{ trackId: String(track.id), sectionIndex: String(s.index) }}
                aria-current={s.index === sectionIndex ? "page" : undefined}
                className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium ${s.index === sectionIndex ? "border-indigo-500 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200" : "border-slate-200 text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"}`}
              >
                {s.index + 1}. {s.title}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>
      {resume && resumeTutorial && !sectionDone ? (
        <section className="flex flex-col gap-3 rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-md sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm text-indigo-100">
              {completed.size === 0 ? "Start here" : "Pick up where you left off"}
            </p>
            <p className="truncate text-lg font-bold">
              {resumeLesson?.title ?? resumeTutorial.title}
            </p>
            <p className="truncate text-sm text-indigo-100">{resumeTutorial.title}</p>
          </div>
          <HrefLink
            href={lessonHref({ trackId: track.id, ...resume })}
            className="inline-flex shrink-0 items-center justify-center rounded-xl bg-white px-5 py-3 text-sm font-bold text-indigo-700 shadow-sm hover:bg-indigo-50"
          >
            {completed.size === 0 ? "Start" : "Continue"}
          </HrefLink>
        </section>
      ) : null}
      {!signedIn && status !== "initializing" ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <Link
            to="/web/register"
            search={{ redirectUrl: undefined }}
            className="font-semibold text-indigo-700 underline dark:text-indigo-300"
          >
            Create a free account
          </Link>{" "}
          to save your progress and keep a streak.
        </p>
      ) : null}
      <ol aria-label="Tutorials">
        {section.tutorials.map((tutorial, i) => {
          const s = states.get(tutorial.id);
          const total = tutorial.chapters.reduce((n, c) => n + c.lessons.length, 0);
          return (
            <TutorialCard
              key={tutorial.id}
              trackId={track.id}
              tutorial={tutorial}
              position={i + 1}
              state={s?.state ?? "locked"}
              completedLessons={s?.completedLessons ?? 0}
              totalLessons={s?.totalLessons ?? total}
              completed={completed}
            />
          );
        })}
      </ol>
      {sectionDone ? (
        <section className={`${card} text-center`}>
          <p className="text-lg font-bold">Section complete!</p>
          {track.sections.some((s) => s.index === sectionIndex + 1) ? (
            <Link
              to="/web/$trackId/section/$sectionIndex"
              params={{ trackId: String(track.id), sectionIndex: String(sectionIndex + 1) }}
              className={`${primaryButton} mt-3`}
            >
              On to the next section
            </Link>
          ) : (
            <p className="mt-1 text-slate-600 dark:text-slate-400">You finished the whole track.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
