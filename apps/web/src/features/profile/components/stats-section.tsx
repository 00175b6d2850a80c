/** The learner's figures: totals, streaks (now, best, and past ones), XP per week and tracks. */
import type { LearnerStats } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Badge } from "../../../ui/index.ts";
import { dateSpan } from "../lib/stats-text.ts";
import { Section } from "./parts.tsx";
import { WeeklyXpChart } from "./weekly-xp-chart.tsx";

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums">{children}</dd>
    </div>
  );
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export function StatsSection({ stats }: { stats: LearnerStats }) {
  return (
    <Section id="profile-stats" title="Your stats">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Figure label="Total XP">{stats.totals.xp}</Figure>
        <Figure label="Lessons done">{stats.totals.lessons}</Figure>
        <Figure label="Coins">{stats.totals.coins}</Figure>
        <Figure label="Current streak">{days(stats.streak.current)}</Figure>
        <Figure label="Longest streak">{days(stats.streak.longest)}</Figure>
      </dl>
      <WeeklyXpChart weeks={stats.weeks} />
      <div>
        <h3 className="text-sm font-medium">Streak history</h3>
        {stats.streak.history.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            No streak of two days or more yet. Meet your daily goal two days in a row to start one.
          </p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {stats.streak.history.map((run) => (
              <li key={run.start} className="flex flex-wrap justify-between gap-x-3">
                <span>{dateSpan(run.start, run.end)}</span>
                <span className="font-semibold tabular-nums">{days(run.days)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-sm font-medium">Tracks</h3>
        {stats.tracks.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            You have not started a track yet.{" "}
            <Link
              to="/web/tracks"
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              Pick one
            </Link>
            .
          </p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {stats.tracks.map((track) => (
              <li key={track.trackId} className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{track.title}</span>
                {track.finished ? (
                  <Badge tone="success">Finished</Badge>
                ) : (
                  <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                    {track.lessonsDone} of {track.lessonCount} lessons
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
