/** Pieces the progress screens share: buttons, cards, the goal ring and the quiet states. */
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-indigo-500 dark:hover:bg-indigo-400";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
export const card =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

export function Stat({
  icon,
  value,
  label,
  tone = "slate",
}: {
  icon: ReactNode;
  value: ReactNode;
  label: string;
  tone?: "orange" | "sky" | "amber" | "slate";
}) {
  const tones = {
    orange: "from-orange-50 to-white dark:from-orange-950/50 dark:to-slate-900",
    sky: "from-sky-50 to-white dark:from-sky-950/50 dark:to-slate-900",
    amber: "from-amber-50 to-white dark:from-amber-950/50 dark:to-slate-900",
    slate: "from-slate-50 to-white dark:from-slate-800/50 dark:to-slate-900",
  };
  return (
    <div className={`${card} bg-gradient-to-b ${tones[tone]}`}>
      <p className="flex items-center gap-2 text-3xl font-extrabold tabular-nums tracking-tight">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center [&>svg]:h-8 [&>svg]:w-8"
        >
          {icon}
        </span>
        {value}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{label}</p>
    </div>
  );
}

/** A ring filled to `value / max`, with its content in the middle. */
export function GoalRing({
  value,
  max,
  size = 176,
  children,
}: {
  value: number;
  max: number;
  size?: number;
  children: ReactNode;
}) {
  const stroke = 14;
  const r = (size - stroke) / 2;
  const length = 2 * Math.PI * r;
  const filled = Math.min(1, max > 0 ? value / max : 0);
  return (
    <div className="relative" style={{ width: size, height: size }}>
      <svg viewBox={`0 0 ${size} ${size}`} className="-rotate-90" aria-hidden="true">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          className="stroke-slate-200 dark:stroke-slate-800"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - filled)}
          className={filled >= 1 ? "stroke-emerald-500" : "stroke-indigo-500"}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-center">
        {children}
      </div>
    </div>
  );
}

export function ProgressLine({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div
        className={`h-full rounded-full ${percent >= 100 ? "bg-emerald-500" : "bg-indigo-500"}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

export function Quiet({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
      {children}
    </p>
  );
}

export function Problem({ error }: { error: unknown }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 dark:border-rose-900 dark:bg-rose-950/60 dark:text-rose-100"
    >
      {error instanceof Error ? error.message : "Something went wrong. Please try again."}
    </p>
  );
}

/** A link to an in-app address held as a string (path and query), navigated in the app. */
export function HrefLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
