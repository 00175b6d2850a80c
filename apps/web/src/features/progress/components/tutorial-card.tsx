/**
 * One tutorial on a section's learning path (section.tsx): its node on the path, whether it is
 * done, current or locked, its progress bar, and a link into each chapter where it resumes.
 */
import { Link } from "@tanstack/react-router";
import type { OutlineTutorial } from "../../../lib/catalog-client.ts";
import { cardClasses } from "../../../ui/index.ts";
import { resumeIndex } from "../lib/next-step.ts";
import { CheckIcon, LockIcon } from "./icons.tsx";
import { ProgressLine } from "./parts.tsx";

export type TutorialState = "locked" | "current" | "done";

const BADGE: Record<TutorialState, { text: string; className: string }> = {
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

const NODE: Record<TutorialState, string> = {
  done: "bg-emerald-500 text-white",
  current:
    "bg-indigo-600 text-white ring-4 ring-indigo-200 dark:bg-indigo-500 dark:ring-indigo-900",
  locked: "bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-500",
};

export function TutorialCard({
  trackId,
  tutorial,
  position,
  state,
  completedLessons,
  totalLessons,
  completed,
  optional = false,
}: {
  trackId: number;
  tutorial: OutlineTutorial;
  position: number;
  state: TutorialState;
  completedLessons: number;
  totalLessons: number;
  completed: ReadonlySet<number>;
  /** Shown as optional on the path (the optional-guided-project-in-path experiment, issue 14). */
  optional?: boolean;
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
        className={`${cardClasses()} mb-4 min-w-0 flex-1 ${state === "locked" ? "border-dashed bg-slate-50 dark:bg-slate-900/60" : ""} ${state === "current" ? "border-indigo-300 dark:border-indigo-700" : ""}`}
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
          {optional ? (
            <span className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:border-slate-600 dark:text-slate-300">
              Optional
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
