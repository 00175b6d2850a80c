/**
 * The lesson screen's invitation to a guest to create an account (issue 13), at the right
 * moments: after their first passed check, and at the end of a chapter. An inline card that
 * never blocks the lesson; dismissed, it does not come back for the rest of the browser session
 * (lib/signup-invite.ts says when it shows).
 * What the guest finished is kept on this device and becomes the account's when they sign up or
 * sign in (features/progress/hooks/use-auto-sync.ts), so the invitation can promise that.
 */
import { Link, useRouterState } from "@tanstack/react-router";
import { Button, Card, textLinkClasses } from "../../../ui/index.ts";
import type { SignupInviteMoment } from "../lib/signup-invite.ts";

const lessons = (n: number) => (n === 1 ? "1 lesson" : `${n} lessons`);

export function SignupInvite({
  moment,
  finished,
  lessonIndex,
  onDismiss,
}: {
  moment: SignupInviteMoment | undefined;
  /** How many lessons the guest has finished on this device. */
  finished: number;
  /** The lesson to come back to after signing up. */
  lessonIndex: number;
  /** "Not now": hidden for the rest of the browser session (lib/signup-invite.ts). */
  onDismiss: () => void;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!moment) return null;

  const here = `${pathname}?lesson=${lessonIndex}`;
  const kept =
    finished > 0
      ? `You've finished ${lessons(finished)}. They're kept on this device for now.`
      : "Your progress is kept on this device for now.";

  return (
    <Card asChild padding="none" className="mb-4 border-brand-200 p-4 dark:border-brand-900">
      <section aria-labelledby="signup-invite-title" data-testid="signup-invite">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg text-brand-700 dark:bg-brand-950 dark:text-brand-200"
          >
            ★
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="signup-invite-title" className="font-bold">
              {moment === "chapterEnd" ? "Save this chapter to your account" : "Keep your progress"}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {kept} Create a free account to keep your lessons, XP and code, and carry on from any
              device.
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              <Button asChild variant="brand">
                <Link to="/web/register" search={{ redirectUrl: here }}>
                  Create a free account
                </Link>
              </Button>
              <Link
                to="/web/login"
                search={{ redirectUrl: here }}
                className={`${textLinkClasses} text-sm`}
              >
                I have an account
              </Link>
            </div>
          </div>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDismiss}
            aria-label="Not now: hide this invitation"
            className="-m-1 shrink-0"
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      </section>
    </Card>
  );
}
