/**
 * The experiment clock the server buckets with (issue 14): the time, and the manual experiments an
 * admin has switched on in the console (experiment_settings.active).
 */
import { type ExperimentClock, type ExperimentName, isExperimentName } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import { eq } from "drizzle-orm";

export async function readExperimentClock(
  db: Db,
  now: Date,
  /** EXPERIMENTS_PAUSED: every experiment shows its original. */
  paused = false,
): Promise<ExperimentClock> {
  const rows = await db
    .select({ name: schema.experimentSettings.name })
    .from(schema.experimentSettings)
    .where(eq(schema.experimentSettings.active, true));
  const activated: ExperimentName[] = rows.map((r) => r.name).filter(isExperimentName);
  return { now, activated, paused };
}
