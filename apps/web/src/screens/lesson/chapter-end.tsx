/**
 * The end of a chapter where no other screen takes over: practice finished, or a learner without
 * an account (whose progress lives on this device only) is offered the next chapter and sign-up.
 */
import type { LessonMode } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import type { ChapterPlace } from "../../lessons/chapter-client.ts";

const linkClass =
  "inline-flex items-center justify-center rounded-xl px-4 py-2.5 text-sm font-semibold";

export function ChapterEnd({
  mode,
  signedIn,
  chapterTitle,
  place,
  next,
}: {
  mode: LessonMode;
  signedIn: boolean;
  chapterTitle: string;
  place: ChapterPlace;
  next?: { tutorialId: number; chapterId: number; title: string };
}) {
  const here = `/web/track/${place.trackId}/tutorial/${place.tutorialId}/chapter/${place.chapterId}/learn`;
  return (
    <section
      aria-labelledby="chapter-end-title"
      className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="chapter-end"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-500 text-2xl font-bold text-white"
      >
        ✓
      </span>
      <h2 id="chapter-end-title" className="mt-3 text-2xl font-bold">
        {mode === "challenge" ? "Practice done!" : `You finished ${chapterTitle}!`}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {signedIn
          ? "Keep the momentum going with the next chapter."
          : "Create a free account to keep your progress, your streak and your code on every device."}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {next && (
          <Link
            to="/web/track/$trackId/tutorial/$tutorialId/chapter/$chapterId/learn"
            params={{
              trackId: String(place.trackId),
              tutorialId: String(next.tutorialId),
              chapterId: String(next.chapterId),
            }}
            search={{}}
            className={`${linkClass} bg-brand-600 text-white hover:bg-brand-700`}
          >
            Next: {next.title}
          </Link>
        )}
        {!signedIn && (
          <Link
            to="/web/register"
            search={{ redirectUrl: here }}
            className={`${linkClass} border border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800`}
          >
            Create an account
          </Link>
        )}
      </div>
    </section>
  );
}
