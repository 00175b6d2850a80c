/**
 * The console's four event figures counted straight from the raw events (ADR 0048): the baseline
 * the bench times the rollups against, and the reference the db tests compare the rollups with.
 * Written independently of the rollups on purpose (names, not step bits; distinct, not row
 * counts), in the same row shapes as `rollupFiguresSql`. Bench and test code only.
 */
import { ANALYTICS_FUNNEL_STEPS } from "@lumen/contracts";
import { sql } from "drizzle-orm";
import type { FigureScope } from "../commands/read-analytics.ts";
import {
  ACTOR_SQL,
  EVENT_DAY_SQL,
  rawEventsBetween,
  TRACK_SQL,
} from "../commands/roll-up-analytics.ts";

export function rawFiguresSql({ from, to, trackId }: FigureScope) {
  const where = sql`${rawEventsBetween(from, to)}${
    trackId === null ? sql`` : sql` and ${TRACK_SQL} = ${trackId}`
  }`;
  const did = ANALYTICS_FUNNEL_STEPS.map((step, i) =>
    sql.raw(`bool_or(name = '${step}') as d${i}`),
  );
  const reached = ANALYTICS_FUNNEL_STEPS.map((_, i) => {
    const all = ANALYTICS_FUNNEL_STEPS.slice(0, i + 1).map((__, j) => `d${j}`);
    return sql.raw(`count(*) filter (where ${all.join(" and ")}) as s${i + 1}`);
  });
  const steps = sql.raw(ANALYTICS_FUNNEL_STEPS.map((step) => `'${step}'`).join(", "));
  return {
    dailyActive: sql`select ${EVENT_DAY_SQL} as day, count(distinct ${ACTOR_SQL}) as n
      from analytics_events where ${where} group by 1`,
    lessonsFinished: sql`select ${EVENT_DAY_SQL} as day, count(*) as n
      from analytics_events where ${where} and name = 'finish_lesson' group by 1`,
    funnel: sql`select track_id, ${sql.join(reached, sql`, `)}
      from (select ${TRACK_SQL} as track_id, ${ACTOR_SQL} as actor, ${sql.join(did, sql`, `)}
        from analytics_events where ${where} and ${TRACK_SQL} <> 0 and name in (${steps})
        group by 1, 2) as a
      group by track_id order by track_id`,
    eventsByName: sql`select name, count(*) as n from analytics_events where ${where}
      group by name order by 2 desc, name`,
  };
}
