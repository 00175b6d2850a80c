/**
 * The end of a chapter where no other screen takes over: practice finished, or a learner without
 * an account (whose progress lives on this device only) is offered the next chapter and sign-up.
 */
import type { LessonMode } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { Button, Card } from "../../../ui/index.ts";
import type { ChapterPlace } from "../api/chapter-client.ts";

export function ChapterEnd({
  mode,
  signedIn,
  chapterTitle,
  place,
  next,
  invited = false,
}: {
  mode: LessonMode;
  signedIn: boolean;
  /** The sign-up invitation shows above (signup-invite.tsx): this says nothing more of it. */
  invited?: boolean;
  chapterTitle: string;
  place: ChapterPlace;
  next?: { tutorialId: number; chapterId: number; title: string };
}) {
  const here = `/web/track/${place.trackId}/tutorial/${place.tutorialId}/chapter/${place.chapterId}/learn`;
  return (
    <Card asChild padding="lg" className="mx-auto max-w-xl text-center">
      <section aria-labelledby="chapter-end-title" data-testid="chapter-end">
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
          {signedIn || invited
            ? "Keep the momentum going with the next chapter."
            : "Create a free account to keep your progress, your streak and your code on every device."}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {next && (
            <Button asChild variant="brand">
              <Link
                to="/web/track/$trackId/tutorial/$tutorialId/chapter/$chapterId/learn"
                params={{
                  trackId: String(place.trackId),
                  tutorialId: String(next.tutorialId),
                  chapterId: String(next.chapterId),
                }}
                search={{}}
              >
                Next: {next.title}
              </Link>
            </Button>
          )}
          {!signedIn && !invited && (
            <Button asChild variant="secondary">
              <Link to="/web/register" search={{ redirectUrl: here }}>
                Create an account
              </Link>
            </Button>
          )}
        </div>
      </section>
    </Card>
  );
}
