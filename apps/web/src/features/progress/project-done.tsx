/**
 * /web/project-done?trackId&tutorialId&chapterId&sectionIndex (issue 7): a celebration for a
 * finished project tutorial, with what the learner built and a link to copy (`copy_project_url`).
 * Only a project whose every lesson the server counts as done is celebrated (issue 13); an
 * unfinished one says how far the learner is and leads to the first lesson left.
 */
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { track } from "../../analytics/track.ts";
import { findTutorial } from "../../lib/catalog-client.ts";
import { projectResultQuery } from "../../lib/queries.ts";
import { useSound } from "../../notifications/sound-provider.tsx";
import { Button, Card } from "../../ui/index.ts";
import { Confetti } from "./components/confetti.tsx";
import { BoltIcon, CheckIcon, FlameIcon, TrophyIcon } from "./components/icons.tsx";
import { HrefLink, Problem, Quiet, Stat } from "./components/parts.tsx";
import { lessonHref } from "./lib/next-step.ts";
import { useProgress, useTrackOutline, useTrackProgress } from "./lib/queries.ts";

const route = getRouteApi("/web/project-done");

/** "Project: grade calculator" reads as "Grade calculator" under a "Project complete" label. */
export function projectName(title: string): string {
  const name = title.replace(/^project:\s*/i, "");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function CopyLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          value={url}
          aria-label="Project link"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-300"
        />
        <Button
          variant="secondary"
          onClick={async () => {
            track("copy_project_url", { url });
            try {
              await navigator.clipboard.writeText(url);
              setCopied("copied");
            } catch {
              setCopied("failed");
            }
          }}
        >
          {copied === "copied" ? "Copied!" : "Copy link"}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {copied === "copied" ? "The link is on your clipboard. Share it with a friend." : ""}
        {copied === "failed"
          ? "Your browser did not allow copying: select the link and copy it."
          : ""}
      </p>
    </div>
  );
}

export function ProjectDone() {
  const search = route.useSearch();
  const outline = useTrackOutline(search.trackId);
  const progress = useProgress();
  const trackProgress = useTrackProgress(search.trackId);
  const { playAchievement } = useSound();
  const found =
    outline.data && search.tutorialId !== undefined
      ? findTutorial(outline.data, search.tutorialId)
      : undefined;
  const chapter =
    found?.tutorial.chapters.find((c) => c.id === search.chapterId) ??
    found?.tutorial.chapters.at(-1);

  // The route's loader has these in the cache (loaders.ts); the address may lack the project's
  // ids, which the screen explains, so they are read without suspense.
  const saved = useQuery(
    projectResultQuery(
      outline.data && found && chapter
        ? {
            trackId: outline.data.id,
            tutorialId: found.tutorial.id,
            chapterId: chapter.id,
            trackVersion: outline.data.version,
          }
        : undefined,
    ),
  );

  const stats = found
    ? trackProgress.data?.tutorials.find((t) => t.id === found.tutorial.id)
    : undefined;
  // Not known (signed out, or the progress did not load) is not finished.
  const complete =
    stats !== undefined && stats.totalLessons > 0 && stats.completedLessons >= stats.totalLessons;
  useEffect(() => {
    if (complete) playAchievement();
  }, [complete, playAchievement]);

  if (search.trackId === undefined || search.tutorialId === undefined) {
    return <Problem error={new Error("This page needs the project's track and tutorial.")} />;
  }
  if (outline.error) return <Problem error={outline.error} />;
  if (!outline.data) return <Quiet>Getting your project…</Quiet>;
  if (!found) return <Problem error={new Error("We could not find this project.")} />;

  const { tutorial, section, next } = found;
  const firstChapter = tutorial.chapters[0];
  const projectUrl = firstChapter
    ? new URL(
        lessonHref({
          trackId: outline.data.id,
          tutorialId: tutorial.id,
          chapterId: firstChapter.id,
          lessonIndex: 0,
        }),
        location.origin,
      ).toString()
    : location.href;
  const lessons = tutorial.chapters.reduce((sum, c) => sum + c.lessons.length, 0);
  // The first lesson of the project not yet done, where an unfinished project continues.
  const done = new Set(trackProgress.data?.completedLessonIds ?? []);
  const left = tutorial.chapters
    .flatMap((c) => c.lessons.map((l, lessonIndex) => ({ chapterId: c.id, lessonIndex, id: l.id })))
    .find((l) => !done.has(l.id));
  const resumeHref = left
    ? lessonHref({
        trackId: outline.data.id,
        tutorialId: tutorial.id,
        chapterId: left.chapterId,
        lessonIndex: left.lessonIndex,
      })
    : undefined;
  // The learner's result: the files of the last lesson they saved in the project's last chapter.
  const result = saved.data?.filter((s) => s.files.length > 0).at(-1);
  const nextChapter = next?.chapters[0];
  const continueHref =
    next && nextChapter
      ? lessonHref({
          trackId: outline.data.id,
          tutorialId: next.id,
          chapterId: nextChapter.id,
          lessonIndex: 0,
        })
      : `/web/${outline.data.id}/section/${section.index}`;

  return (
    <div className="relative mx-auto flex max-w-3xl flex-col gap-6">
      {complete && <Confetti />}
      <Card
        asChild
        padding="none"
        className="relative flex flex-col items-center gap-3 overflow-hidden px-6 py-10 text-center"
      >
        <section>
          {complete && <TrophyIcon className="h-20 w-20 drop-shadow-sm" />}
          <p
            className={`text-sm font-semibold uppercase tracking-widest ${complete ? "text-emerald-700 dark:text-emerald-400" : "text-brand-700 dark:text-brand-300"}`}
          >
            {complete ? "Project complete" : "Project in progress"}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance">
            {projectName(tutorial.title)}
          </h1>
          <p className="font-semibold text-slate-800 dark:text-slate-200">
            {complete
              ? "You built it, step by step. Well done!"
              : stats
                ? `You have finished ${stats.completedLessons} of ${stats.totalLessons} lessons. Finish the rest to complete the project.`
                : "Finish every lesson of the project to complete it."}
          </p>
          <p className="max-w-prose text-slate-600 dark:text-slate-400">{tutorial.description}</p>
        </section>
      </Card>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat
          icon={<CheckIcon className="text-emerald-500" />}
          tone="sky"
          value={stats ? `${stats.completedLessons}/${stats.totalLessons}` : `–/${lessons}`}
          label="Lessons done"
        />
        <Stat
          icon={<BoltIcon />}
          tone="amber"
          value={progress.data?.today.xp ?? "–"}
          label="XP today"
        />
        <div className="col-span-2 sm:col-span-1">
          <Stat
            icon={<FlameIcon />}
            tone="orange"
            value={progress.data?.streak.current ?? "–"}
            label="Day streak"
          />
        </div>
      </div>
      <Card asChild>
        <section aria-labelledby="result-title">
          <h2 id="result-title" className="text-lg font-bold">
            Your result
          </h2>
          {saved.isPending && saved.fetchStatus !== "idle" ? (
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Loading your files…</p>
          ) : result ? (
            <div className="mt-3 flex flex-col gap-3">
              {result.files.map((file) => (
                <figure
                  key={file.name}
                  className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800"
                >
                  <figcaption className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 font-mono text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                    {file.name}
                  </figcaption>
                  <pre className="max-h-80 overflow-auto bg-slate-950 p-3 text-xs leading-relaxed text-slate-100">
                    <code>{file.content}</code>
                  </pre>
                </figure>
              ))}
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {complete
                ? `Every check passed across ${tutorial.chapters.length} chapter${tutorial.chapters.length === 1 ? "" : "s"} and ${lessons} lessons.`
                : "Your code shows here once you have saved it in the project's lessons."}
            </p>
          )}
        </section>
      </Card>
      <Card asChild>
        <section aria-labelledby="share-title">
          <h2 id="share-title" className="text-lg font-bold">
            Share your project
          </h2>
          <p className="mb-3 mt-1 text-sm text-slate-600 dark:text-slate-400">
            Send the link to a friend so they can build it too.
          </p>
          <CopyLink url={projectUrl} />
        </section>
      </Card>
      <Button asChild variant="brand" size="lg" className="self-center sm:min-w-64">
        {!complete && resumeHref ? (
          <HrefLink href={resumeHref}>Continue the project</HrefLink>
        ) : (
          <HrefLink href={continueHref}>
            {next ? `Next: ${next.title}` : "Back to your learning path"}
          </HrefLink>
        )}
      </Button>
    </div>
  );
}
