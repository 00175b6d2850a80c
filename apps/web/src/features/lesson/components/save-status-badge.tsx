/** Where the learner's work is right now: saved, saving, offline, not saved, or on this device. */
import type { SaveStatus } from "../lib/lesson-saver.ts";

const LABEL: Record<SaveStatus, string> = {
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline: kept on this device",
  unsaved: "Not saved yet: retrying",
  local: "Kept on this device",
};

const TONE: Record<SaveStatus, string> = {
  saved: "text-emerald-700 dark:text-emerald-300",
  saving: "text-slate-500 dark:text-slate-400",
  offline: "text-amber-700 dark:text-amber-300",
  unsaved: "text-red-700 dark:text-red-300",
  local: "text-slate-500 dark:text-slate-400",
};

const DOT: Record<SaveStatus, string> = {
  saved: "bg-emerald-500",
  saving: "bg-slate-400 animate-pulse motion-reduce:animate-none",
  offline: "bg-amber-500",
  unsaved: "bg-red-500",
  local: "bg-slate-400",
};

export function SaveStatusBadge({ status }: { status: SaveStatus }) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      className={`flex items-center gap-1.5 whitespace-nowrap text-xs font-medium ${TONE[status]}`}
      title={status === "local" ? "Sign in to keep your work on every device." : undefined}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${DOT[status]}`} />
      {LABEL[status]}
    </p>
  );
}
