/**
 * /web/{trackId}/section/{sectionIndex} (issue 7): a section's learning path. Tutorials are done,
 * current or locked (in order within the section) with progress bars; each open one links to its
 * chapters' lessons. The route's loader has the outline (and a signed-in learner's progress) in
 * the cache. What is finished is the server's word plus what waits in this device's queue; a
 * guest's is their queue (issue 13). A visit does not make the section the active one: only
 * starting a lesson does (lib/active-place.ts). Sections whose lessons the learner's plan does
 * not open carry a lock (issue 15; the server's `free` flag on the outline's sections).
 */
import { resumePoint, tutorialStates } from "@lumen/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { toPathTrack } from "../../lib/catalog-client.ts";
import { trackOutlineQuery, trackProgressQuery } from "../../lib/queries.ts";
import { buttonClasses, cardClasses } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { useMyPlan } from "../billing/hooks/use-my-plan.ts";
import { lessonsLocked, sectionIsFree } from "../billing/lib/paywall-view.ts";
import { isOptionalInPath, outlineForVariant } from "../experiments/lib/guided-projects.ts";
import { useVariant } from "../experiments/use-variant.ts";
import { HrefLink, Problem } from "./components/parts.tsx";
import { LockedSectionNote, SectionLock } from "./components/section-lock.tsx";
import { TutorialCard } from "./components/tutorial-card.tsx";
import { useQueuedLessons } from "./hooks/use-queued-lessons.ts";
import { lessonHref } from "./lib/next-step.ts";

const route = getRouteApi("/web/$trackId/section/$sectionIndex");

export function Section() {
  const params = route.useParams();
  const trackId = Number(params.trackId);
  const sectionIndex = Number(params.sectionIndex);
  const { status, user } = useAuth();
  const signedIn = status === "signedIn";
  const { data: outline } = useSuspenseQuery(trackOutlineQuery(trackId));
  // optional-guided-project-in-path (issue 14): projects marked optional, or left out.
  const { variant: projectsVariant } = useVariant("optional-guided-project-in-path");
  const track = outlineForVariant(outline, projectsVariant);
  // Not suspense: only a signed-in learner has progress (the loader has it for them), and
  // signing out on this screen must not suspend it.
  const progress = useQuery({ ...trackProgressQuery(trackId), enabled: signedIn });
  // Finished but not yet on the server: made offline, or by a guest before signing up.
  const queued = useQueuedLessons(signedIn ? (user?.id ?? null) : null);
  const plan = useMyPlan();
  const lessonsLockedForMe = lessonsLocked(signedIn, plan.data);
  const locked = (s: { free?: boolean }) => lessonsLockedForMe && !sectionIsFree(s);

  const section = track.sections.find((s) => s.index === sectionIndex);
  if (!section) {
    return <Problem error={new Error(`${track.title} has no section ${sectionIndex + 1}.`)} />;
  }
  if (progress.error) return <Problem error={progress.error} />;

  const completed = new Set([...(progress.data?.completedLessonIds ?? []), ...(queued ?? [])]);
  const path = toPathTrack(track);
  const states = new Map(tutorialStates(path, completed).map((t) => [t.id, t]));
  const resume = resumePoint(path, sectionIndex, completed);
  const resumeTutorial = section.tutorials.find((t) => t.id === resume?.tutorialId);
  const resumeLesson = resumeTutorial?.chapters
    .find((c) => c.id === resume?.chapterId)
    ?.lessons.find((l) => l.index === resume?.lessonIndex);
  const sectionDone = section.tutorials
    .filter((t) => !isOptionalInPath(t, projectsVariant))
    .every((t) => states.get(t.id)?.state === "done");
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
          // relative: the chips' screen-reader text (sr-only, positioned absolutely) belongs to
          // this scrolling row, so chips scrolled out of view cannot widen the page.
          <nav
            aria-label="Sections"
            className="relative -mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
          >
            {track.sections.map((s) => (
              <Link
                key={s.index}
                to="/web/$trackId/section/$sectionIndex"
                params={{ trackId: String(track.id), sectionIndex: String(s.index) }}
                aria-current={s.index === sectionIndex ? "page" : undefined}
                className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium ${s.index === sectionIndex ? "border-indigo-500 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200" : "border-slate-200 text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"}`}
              >
                {s.index + 1}. {s.title}
                {locked(s) ? <SectionLock /> : null}
              </Link>
            ))}
          </nav>
        ) : null}
        {locked(section) ? (
          <LockedSectionNote trackId={track.id} sectionIndex={sectionIndex} />
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
            search={{ redirectUrl: `/web/${trackId}/section/${sectionIndex}` }}
            className="font-semibold text-indigo-700 underline dark:text-indigo-300"
          >
            Create a free account
          </Link>{" "}
          {completed.size > 0
            ? `to keep the ${completed.size === 1 ? "lesson" : `${completed.size} lessons`} you finished on this device, and keep a streak.`
            : "to save your progress and keep a streak."}
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
              optional={isOptionalInPath(tutorial, projectsVariant)}
            />
          );
        })}
      </ol>
      {sectionDone ? (
        <section className={cardClasses({ className: "text-center" })}>
          <p className="text-lg font-bold">Section complete!</p>
          {track.sections.some((s) => s.index === sectionIndex + 1) ? (
            <Link
              to="/web/$trackId/section/$sectionIndex"
              params={{ trackId: String(track.id), sectionIndex: String(sectionIndex + 1) }}
              className={buttonClasses({ variant: "brand", size: "lg", className: "mt-3" })}
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
