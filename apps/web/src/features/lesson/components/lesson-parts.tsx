/**
 * Small parts every lesson type shares: the feedback banner (with its next step), the action bar,
 * and where the focus goes after a Check (issue 13, item 9): to the next action, Continue or Try
 * again, instead of dropping to the page when the Check button makes way for Continue.
 */
import { type ReactNode, type RefObject, useEffect } from "react";
import { Alert, Button } from "../../../ui/index.ts";

export type FeedbackTone = "right" | "wrong" | "info";

const TONE = { right: "success", wrong: "warning", info: "neutral" } as const;

export function Feedback({
  tone,
  title,
  children,
  action,
}: {
  tone: FeedbackTone;
  title: string;
  children?: ReactNode;
  /** The next step, under the text (Try again). */
  action?: ReactNode;
}) {
  return (
    <Alert
      role={tone === "info" ? "status" : "alert"}
      data-testid="lesson-feedback"
      data-tone={tone}
      tone={TONE[tone]}
      size="lg"
      className="flex gap-3"
    >
      <span
        aria-hidden="true"
        className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${
          tone === "right" ? "bg-emerald-500" : tone === "wrong" ? "bg-amber-500" : "bg-slate-400"
        }`}
      >
        {tone === "right" ? "✓" : tone === "wrong" ? "!" : "i"}
      </span>
      <div className="min-w-0 text-sm leading-6">
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-0.5">{children}</div>}
        {action && <div className="mt-2">{action}</div>}
      </div>
    </Alert>
  );
}

/** The bar under a lesson: Skip on the left, the main action on the right. */
export function LessonActions({ onSkip, children }: { onSkip?: () => void; children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:backdrop-blur-none dark:border-slate-800 dark:bg-slate-950/95 sm:dark:bg-transparent">
      {onSkip && (
        <Button variant="ghost" onClick={onSkip}>
          Skip
        </Button>
      )}
      <div className="ml-auto flex flex-wrap items-center justify-end gap-2">{children}</div>
    </div>
  );
}

/**
 * After each Check (`checks` counts them), moves the focus to the next action: Continue when it
 * passed, else Try again. Runs after the render that shows them.
 */
export function useFocusAfterCheck(
  checks: number,
  passed: boolean,
  targets: { next: RefObject<HTMLElement | null>; retry: RefObject<HTMLElement | null> },
) {
  const { next, retry } = targets;
  // Only a new Check moves the focus, not a change of `passed` alone.
  // eslint-disable-next-line
  useEffect(() => {
    if (checks === 0) return;
    (passed ? next : retry).current?.focus();
  }, [checks]);
}

/** The Try again button of a feedback banner: takes the learner back to their answer. */
export function TryAgain({
  ref,
  onClick,
}: {
  ref: RefObject<HTMLButtonElement | null>;
  onClick(): void;
}) {
  return (
    <Button ref={ref} variant="secondary" size="sm" onClick={onClick}>
      Try again
    </Button>
  );
}
