/** Small parts every lesson type shares: the feedback banner and the action bar. */
import type { ReactNode } from "react";
import { Alert, Button } from "../../../ui/index.ts";

export type FeedbackTone = "right" | "wrong" | "info";

const TONE = { right: "success", wrong: "warning", info: "neutral" } as const;

export function Feedback({
  tone,
  title,
  children,
}: {
  tone: FeedbackTone;
  title: string;
  children?: ReactNode;
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
