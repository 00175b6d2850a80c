/**
 * Admin console: analytics (issue 14). For a range of UTC days and an optional track: daily active
 * learners, lessons finished per day, the funnel open_lesson → submit_code → finish_lesson →
 * finish_chapter per track, retention by sign-up week (a cohort table), the streak distribution and
 * events per name. Charts come from charts.tsx (recharts, loaded with this page only); every chart
 * has its figures in a table, which is what screen readers read.
 */
import type { AdminAnalytics } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense } from "react";
import { tracksQuery } from "../../../lib/queries.ts";
import { Alert, Card, Spinner } from "../../../ui/index.ts";
import { analyticsQuery } from "./api.ts";
import type { ChartProps } from "./charts.tsx";
import type { AnalyticsSearch } from "./search.ts";

const LazyChart = lazy(() => import("./charts.tsx").then((m) => ({ default: m.Chart })));

function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<div style={{ height: 220 }} />}>
      <LazyChart {...props} />
    </Suspense>
  );
}

const STEP_LABELS: Record<string, string> = {
  open_lesson: "Opened a lesson",
  submit_code: "Submitted code",
  finish_lesson: "Finished a lesson",
  finish_chapter: "Finished a chapter",
};
const shortDay = (day: string) => day.slice(5);
const INPUT =
  "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `analytics-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Card className="min-w-0 space-y-3 p-4">
      <section aria-labelledby={id} className="space-y-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** The figures a chart draws, as a table (collapsed: the chart shows them to sighted admins). */
function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, string];
  rows: Array<[string, number]>;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">
        Show as a table
      </summary>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-slate-500 dark:text-slate-400">
              <th scope="col" className="py-1 pr-4 font-medium">
                {head[0]}
              </th>
              <th scope="col" className="py-1 font-medium">
                {head[1]}
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-800 dark:text-slate-200">
            {rows.map(([label, value]) => (
              <tr key={label} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {label}
                </th>
                <td className="py-1 tabular-nums">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Filters({ data }: { data: AdminAnalytics | undefined }) {
  const search = useSearch({ from: "/admin/analytics" });
  const navigate = useNavigate({ from: "/admin/analytics" });
  const { data: tracks } = useQuery(tracksQuery());
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label="Range and track"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
        From
        <input
          type="date"
          className={INPUT}
          value={search.from ?? data?.from ?? ""}
          onChange={(e) =>
            void navigate({
              search: (s: AnalyticsSearch) => ({ ...s, from: e.target.value || undefined }),
            })
          }
        />
      </label>
      <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
        To
        <input
          type="date"
          className={INPUT}
          value={search.to ?? data?.to ?? ""}
          onChange={(e) =>
            void navigate({
              search: (s: AnalyticsSearch) => ({ ...s, to: e.target.value || undefined }),
            })
          }
        />
      </label>
      <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
        Track
        <select
          className={INPUT}
          value={search.track ?? ""}
          onChange={(e) =>
            void navigate({
              search: (s: AnalyticsSearch) => ({
                ...s,
                track: e.target.value ? Number(e.target.value) : undefined,
              }),
            })
          }
        >
          <option value="">All tracks</option>
          {tracks?.tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

export function AnalyticsPage() {
  const search = useSearch({ from: "/admin/analytics" });
  const { data, error, isPending, isFetching } = useQuery(analyticsQuery(search));
  const { data: tracks } = useQuery(tracksQuery());
  const trackName = (id: number) => tracks?.tracks.find((t) => t.id === id)?.title ?? `Track ${id}`;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Analytics</h1>
        {isFetching && <Spinner />}
      </div>
      <Filters data={data} />
      {error && <Alert tone="danger">{error.message}</Alert>}
      {isPending && !error && <p className="text-slate-600 dark:text-slate-300">Loading…</p>}
      {data && (
        <div
          className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2"
          data-testid="analytics-figures"
        >
          <Section title="Daily active learners">
            <Chart
              kind="line"
              unit="learners"
              data={data.dailyActive.map((d) => ({ label: shortDay(d.day), value: d.learners }))}
            />
            <FiguresTable
              caption="Daily active learners"
              head={["Day", "Learners"]}
              rows={data.dailyActive.map((d) => [d.day, d.learners])}
            />
          </Section>
          <Section title="Lessons finished per day">
            <Chart
              kind="bar"
              unit="lessons"
              color="#059669"
              data={data.lessonsFinished.map((d) => ({ label: shortDay(d.day), value: d.lessons }))}
            />
            <FiguresTable
              caption="Lessons finished per day"
              head={["Day", "Lessons"]}
              rows={data.lessonsFinished.map((d) => [d.day, d.lessons])}
            />
          </Section>
          <Section title="Funnel per track">
            {data.funnel.length === 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-300">No lesson opened yet.</p>
            )}
            {data.funnel.map((f) => (
              <div key={f.trackId} className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">
                  {trackName(f.trackId)}
                </h3>
                <Chart
                  kind="columns"
                  unit="learners"
                  color="#2563eb"
                  data={f.steps.map((s) => ({
                    label: STEP_LABELS[s.name] ?? s.name,
                    value: s.learners,
                  }))}
                />
                <FiguresTable
                  caption={`Funnel of ${trackName(f.trackId)}`}
                  head={["Step", "Learners"]}
                  rows={f.steps.map((s) => [STEP_LABELS[s.name] ?? s.name, s.learners])}
                />
              </div>
            ))}
          </Section>
          <Section title="Streak distribution">
            <Chart
              kind="bar"
              unit="learners"
              color="#ea580c"
              data={data.streaks.map((s, i) => ({
                label: streakLabel(data, i),
                value: s.learners,
              }))}
            />
            <FiguresTable
              caption="Learners by current streak"
              head={["Streak", "Learners"]}
              rows={data.streaks.map((s, i) => [streakLabel(data, i), s.learners])}
            />
          </Section>
          <div className="min-w-0 lg:col-span-2">
            <Section title="Retention by sign-up week">
              <CohortTable data={data} />
            </Section>
          </div>
          <div className="min-w-0 lg:col-span-2">
            <Section title="Events per name">
              <Chart
                kind="columns"
                unit="events"
                color="#0891b2"
                data={data.eventsByName.map((e) => ({ label: e.name, value: e.events }))}
              />
              <FiguresTable
                caption="Events per name"
                head={["Event", "Events"]}
                rows={data.eventsByName.map((e) => [e.name, e.events])}
              />
            </Section>
          </div>
        </div>
      )}
    </div>
  );
}

function streakLabel(data: AdminAnalytics, index: number): string {
  const from = data.streaks[index]?.from ?? 0;
  const next = data.streaks[index + 1]?.from;
  if (from === 0) return "none";
  if (next === undefined) return `${from}+ days`;
  return next - 1 === from ? `${from} d` : `${from}–${next - 1} d`;
}

function CohortTable({ data }: { data: AdminAnalytics }) {
  const columns = Math.max(0, ...data.retention.map((c) => c.weeks.length));
  if (data.retention.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">Nobody signed up in range.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="cohort-table">
        <caption className="sr-only">
          Share of each sign-up week's learners who visited in each week after signing up
        </caption>
        <thead>
          <tr className="text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 pr-3 font-medium">
              Week of
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Signed up
            </th>
            {Array.from({ length: columns }, (_, k) => (
              <th key={k} scope="col" className="py-1 pr-3 font-medium">
                Week {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-800 dark:text-slate-200">
          {data.retention.map((c) => (
            <tr key={c.week} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                {c.week}
              </th>
              <td className="py-1 pr-3 tabular-nums">{c.size}</td>
              {Array.from({ length: columns }, (_, k) => {
                const n = c.weeks[k];
                const share = n === undefined || c.size === 0 ? undefined : n / c.size;
                return (
                  <td key={k} className="py-1 pr-3 tabular-nums">
                    {share === undefined ? "" : `${Math.round(share * 100)}%`}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
