/** The author's hints, revealed one at a time; practice shows fewer (a limit). */
import { useState } from "react";
import { track } from "../../../analytics/track.ts";
import { Button } from "../../../ui/index.ts";
import { LessonHtml } from "./lesson-html.tsx";

export function Hints({
  hints,
  limit = hints.length,
  analytics,
  onAllShown,
  onShown,
}: {
  hints: string[];
  limit?: number;
  analytics: Record<string, string | number>;
  onAllShown?: () => void;
  /** How many hints are open now (the AI tutor is told). */
  onShown?: (count: number) => void;
}) {
  const offered = hints.slice(0, limit);
  const [shown, setShown] = useState(0);
  if (offered.length === 0) return null;
  return (
    <div className="space-y-2">
      {offered.slice(0, shown).map((hint, i) => (
        <div
          key={hint}
          className="rounded-xl border border-brand-100 bg-brand-50/70 px-3 py-2 dark:border-brand-500/30 dark:bg-brand-500/10"
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-100">
            Hint {i + 1}
          </p>
          <LessonHtml html={hint} className="!text-sm" />
        </div>
      ))}
      {shown < offered.length && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            const next = shown + 1;
            setShown(next);
            onShown?.(next);
            track("tutor_interaction", { ...analytics, action: "hint", hint: next });
            if (next === offered.length) onAllShown?.();
          }}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4 text-amber-500"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z" />
          </svg>
          {shown === 0 ? "Show a hint" : "Show another hint"}
          <span className="font-normal text-slate-500 dark:text-slate-400">
            ({shown + 1} of {offered.length})
          </span>
        </Button>
      )}
    </div>
  );
}
