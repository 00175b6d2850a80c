/** A rate on a 0–100 % track with its confidence interval as a band (the experiments page). */

export const percent = (value: number) =>
  `${(value * 100).toLocaleString("en", { maximumFractionDigits: 1 })} %`;

export function IntervalBar({ rate, low, high }: { rate: number; low: number; high: number }) {
  return (
    <span
      aria-hidden="true"
      className="relative mt-1 block h-2 w-full rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <span
        className="absolute inset-y-0 rounded-full bg-brand-500/40 dark:bg-brand-400/50"
        style={{ left: `${low * 100}%`, width: `${Math.max(0.5, (high - low) * 100)}%` }}
      />
      <span
        className="absolute -top-0.5 h-3 w-0.5 -translate-x-1/2 bg-brand-700 dark:bg-brand-300"
        style={{ left: `${rate * 100}%` }}
      />
    </span>
  );
}
