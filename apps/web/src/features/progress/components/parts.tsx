/** Pieces the progress screens share: stats, the goal ring, the quiet and problem states. */
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Alert, Card } from "../../../ui/index.ts";

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
    <Card className={`bg-gradient-to-b ${tones[tone]}`}>
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
    </Card>
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
    <Alert asChild tone="danger">
      <p role="alert">
        {error instanceof Error ? error.message : "Something went wrong. Please try again."}
      </p>
    </Alert>
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
