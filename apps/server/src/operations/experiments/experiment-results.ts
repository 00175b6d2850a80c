/**
 * An experiment's results per variant (issue 14): subjects first exposed to each variant, and how
 * many of them sent the metric event after their exposure, matched by user id or by the visitor
 * id (which is the browser's analytics anonymous id, so anonymous conversions count as well).
 */
import { type ConversionStats, conversionStats } from "@lumen/core";
import type { Db } from "@lumen/db";
import { sql } from "drizzle-orm";

export interface VariantResult extends ConversionStats {
  variant: string;
}

export async function readExperimentResults(options: {
  db: Db;
  experiment: string;
  variants: readonly string[];
  metricEvent: string | null;
}): Promise<VariantResult[]> {
  const { db, experiment, variants, metricEvent } = options;
  // With no metric there is nothing to convert to: the exists() is skipped entirely.
  const result: unknown = await db.execute(sql`
    select e.variant,
      count(*)::int as exposed,
      (count(*) filter (where ${metricEvent}::text is not null and exists (
        select 1 from analytics_events a
        where a.name = ${metricEvent}::text
          and a.occurred_at >= e.exposed_at
          and (a.user_id = e.user_id or a.anonymous_id = e.subject_id)
      )))::int as conversions
    from experiment_exposures e
    where e.experiment = ${experiment}
    group by e.variant`);
  const rows = (
    result as { rows: Array<{ variant: string; exposed: number; conversions: number }> }
  ).rows;
  const byVariant = new Map(rows.map((r) => [r.variant, r]));
  return variants.map((variant) => {
    const row = byVariant.get(variant);
    return {
      variant,
      ...conversionStats(Number(row?.exposed ?? 0), Number(row?.conversions ?? 0)),
    };
  });
}
