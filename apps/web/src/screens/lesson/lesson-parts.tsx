/** Small parts every lesson type shares: buttons, the feedback banner and the action bar. */
import type { ButtonHTMLAttributes, ReactNode } from "react";

type Variant = "primary" | "secondary" | "ghost" | "success";

const VARIANT: Record<Variant, string> = {
  primary:
    "bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-600/60 dark:bg-brand-500 dark:hover:bg-brand-600",
  success:
    "bg-emerald-600 text-white shadow-sm hover:bg-emerald-700 dark:bg-emerald-500 dark:hover:bg-emerald-600",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  ghost:
    "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
};

export function Button({
  variant = "secondary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANT[variant]} ${className}`}
    />
  );
}

export type FeedbackTone = "right" | "wrong" | "info";

const TONE: Record<FeedbackTone, string> = {
  right:
    "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100",
  wrong:
    "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100",
  info: "border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
};

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
    <div
      role={tone === "info" ? "status" : "alert"}
      data-testid="lesson-feedback"
      data-tone={tone}
      className={`flex gap-3 rounded-2xl border p-4 ${TONE[tone]}`}
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
    </div>
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
