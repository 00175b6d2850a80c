/** The console's vitals chart: the 75th percentile per route, metric and UTC day. */
import type { WebVitalName, WebVitalsReport } from "@lumen/contracts";
import { type Db, sql } from "@lumen/db";

interface VitalRow {
  route: string;
  name: WebVitalName;
  day: string;
  p75: number | string;
  samples: number | string;
}

export interface ReadWebVitalsOptions {
  db: Db;
  days: number;
  now: Date;
}

export async function readWebVitals({
  db,
  days,
  now,
}: ReadWebVitalsOptions): Promise<WebVitalsReport> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const result: unknown = await db.execute(sql`
    select route, name, to_char(date_trunc('day', recorded_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
      percentile_cont(0.75) within group (order by value)::float8 as p75,
      count(*)::int as samples
    from web_vitals
    where recorded_at >= ${since.toISOString()}::timestamptz
    group by route, name, day
    order by route, name, day`);
  return {
    points: (result as { rows: VitalRow[] }).rows.map((row) => ({
      route: row.route,
      name: row.name,
      day: row.day,
      p75: Number(row.p75),
      samples: Number(row.samples),
    })),
  };
}
