/**
 * The console's experiment list (GET /v1/admin/experiments): each experiment with its variants,
 * activation, the operator's settings, and per variant the exposed subjects, conversions to the
 * chosen metric and the rate's 95 % interval.
 */

import { type AdminExperimentList, ANALYTICS_EVENTS } from "@lumen/contracts";
import { EXPERIMENT_NAMES, EXPERIMENTS, isExperimentActive } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import { readExperimentClock } from "../operations/experiments/experiment-clock.ts";
import { readExperimentResults } from "../operations/experiments/experiment-results.ts";

export interface AdminListExperimentsOptions {
  db: Db;
  now: Date;
  paused?: boolean;
}

export async function adminListExperiments({
  db,
  now,
  paused = false,
}: AdminListExperimentsOptions): Promise<AdminExperimentList> {
  const settings = new Map(
    (await db.select().from(schema.experimentSettings)).map((row) => [row.name, row]),
  );
  const clock = await readExperimentClock(db, now, paused);
  const experiments = [];
  for (const name of EXPERIMENT_NAMES) {
    const { variants, activation } = EXPERIMENTS[name];
    const setting = settings.get(name);
    const metricEvent = setting?.metricEvent ?? null;
    experiments.push({
      name,
      variants: [...variants],
      activation:
        activation === "manual" ? ("manual" as const) : { startDate: activation.startDate },
      active: isExperimentActive(name, now, clock.activated, clock.paused),
      manuallyActivated: setting?.active ?? false,
      metricEvent,
      results: await readExperimentResults({ db, experiment: name, variants, metricEvent }),
      updatedAt: setting?.updatedAt.toISOString() ?? null,
    });
  }
  return { experiments, metricEvents: [...ANALYTICS_EVENTS] };
}
