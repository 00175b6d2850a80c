/**
 * One track in the library's browse view: its title, language, levels and the learner's
 * progress, then its tutorials; each tutorial opens to show its chapters (a disclosure button,
 * so the keyboard and screen readers know it is expandable).
 */
import type { LibraryTrack, LibraryTutorial } from "@lumen/contracts";
import { useId, useState } from "react";
import { Badge, Card } from "../../../ui/index.ts";
import { LEVEL_LABELS, languageLabel, progressText } from "../lib/library-labels.ts";
import { AppLink } from "./app-link.tsx";
import { LockIcon } from "./lock-icon.tsx";
import { ProgressMeter } from "./progress-meter.tsx";

const lessonsIn = (tutorial: LibraryTutorial) =>
  tutorial.chapters.reduce((n, chapter) => n + chapter.lessons, 0);

export function TrackCard({ track }: { track: LibraryTrack }) {
  const titleId = useId();
  const total = track.tutorials.reduce((n, t) => n + lessonsIn(t), 0);
  return (
    <Card asChild padding="none">
      <section aria-labelledby={titleId} className="overflow-hidden">
        <div className="p-5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-xl font-bold tracking-tight">
              {track.title}
            </h2>
            {/* The language, unless the title already says it ("Python"). */}
            {track.title === languageLabel(track.language) ? null : (
              <Badge tone="brand">{languageLabel(track.language)}</Badge>
            )}
          </div>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{track.description}</p>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            {track.levels.map((level) => LEVEL_LABELS[level]).join(" · ")} ·{" "}
            {track.tutorials.length} tutorials
          </p>
          {track.progress ? (
            <div className="mt-3 space-y-1">
              <ProgressMeter
                done={track.progress.completedLessons}
                total={track.progress.totalLessons}
                label={`${track.title} progress`}
              />
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {progressText(track.progress, track.progress.totalLessons)}
              </p>
            </div>
          ) : null}
        </div>
        <ul className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {track.tutorials.map((tutorial) => (
            <TutorialRow key={tutorial.id} tutorial={tutorial} />
          ))}
        </ul>
        <span className="sr-only">{total} lessons in all</span>
      </section>
    </Card>
  );
}

function TutorialRow({ tutorial }: { tutorial: LibraryTutorial }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const lessons = lessonsIn(tutorial);
  return (
    <li className="px-5 py-3">
      <div className="flex items-start gap-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className="group flex min-w-0 flex-1 items-start gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className={`mt-1 size-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-90" : ""}`}
          >
            <path d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.27a.75.75 0 1 1 1.06-1.06l4.27 4.26a.75.75 0 0 1 0 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0Z" />
          </svg>
          <span className="min-w-0">
            <span className="block font-semibold group-hover:underline">{tutorial.title}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-300">
              {tutorial.description}
            </span>
          </span>
        </button>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge>{LEVEL_LABELS[tutorial.level]}</Badge>
          {tutorial.locked ? (
            <Badge tone="warning">
              <LockIcon className="size-3" /> Plan
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="mt-2 ml-6 space-y-1">
        {tutorial.progress ? (
          <ProgressMeter
            done={tutorial.progress.completedLessons}
            total={tutorial.progress.totalLessons}
            label={`${tutorial.title} progress`}
          />
        ) : null}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {progressText(tutorial.progress, lessons)}
          {tutorial.project ? " · Project" : ""}
        </p>
      </div>
      <ol id={panelId} hidden={!open} className="mt-2 ml-6 space-y-1">
        {tutorial.chapters.map((chapter) => (
          <li key={chapter.id}>
            <AppLink
              href={chapter.href}
              className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800"
            >
              <span className="flex items-center gap-1.5">
                {tutorial.locked ? <LockIcon /> : null}
                {chapter.title}
                {tutorial.locked ? <span className="sr-only"> (needs a plan)</span> : null}
              </span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {chapter.lessons} lesson{chapter.lessons === 1 ? "" : "s"}
              </span>
            </AppLink>
          </li>
        ))}
      </ol>
    </li>
  );
}
