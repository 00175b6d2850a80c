/** A thin progress bar with its words: a learner's lessons done in a track or a tutorial. */
export function ProgressMeter({
  done,
  total,
  label,
}: {
  done: number;
  total: number;
  label: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={done}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuetext={`${done} of ${total} lessons`}
      className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div
        className={`h-full rounded-full ${percent >= 100 ? "bg-emerald-500" : "bg-brand-500"}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
