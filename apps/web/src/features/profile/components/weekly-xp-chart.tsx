/**
 * XP per week as a bar chart, drawn with plain elements (no chart library for twelve bars).
 * Screen readers get the chart as one image with every week in its name, and anyone can open the
 * same numbers as a table.
 */
import type { LearnerStats } from "@lumen/contracts";
import { shortDate, weeksSummary } from "../lib/stats-text.ts";

export function WeeklyXpChart({ weeks }: { weeks: LearnerStats["weeks"] }) {
  const most = Math.max(10, ...weeks.map((week) => week.xp));
  if (weeks.every((week) => week.xp === 0)) {
    return (
      <div>
        <h3 className="text-sm font-medium">XP per week</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          No XP in the last {weeks.length} weeks yet. Finish a lesson and your week shows here.
        </p>
      </div>
    );
  }
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="text-sm font-medium">XP per week</figcaption>
      <div
        role="img"
        aria-label={weeksSummary(weeks)}
        className="flex h-40 items-end gap-1 border-b border-slate-300 sm:gap-2 dark:border-slate-700"
      >
        {weeks.map((week, i) => (
          <div
            key={week.weekStart}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
          >
            <span className="text-xs font-semibold text-slate-700 tabular-nums dark:text-slate-300">
              {week.xp > 0 ? week.xp : ""}
            </span>
            <div
              className={`w-full rounded-t-md ${
                i === weeks.length - 1
                  ? "bg-brand-600 dark:bg-brand-400"
                  : "bg-brand-300 dark:bg-brand-700"
              }`}
              style={{ height: `${(week.xp / most) * 100}%`, minHeight: week.xp > 0 ? 4 : 0 }}
            />
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="flex justify-between text-xs text-slate-600 dark:text-slate-400"
      >
        <span>{weeks[0] ? shortDate(weeks[0].weekStart) : ""}</span>
        <span>This week</span>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">
          Show as a table
        </summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 font-semibold">
                Week of
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                XP
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1">{shortDate(week.weekStart)}</td>
                <td className="py-1 text-right tabular-nums">{week.xp}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
