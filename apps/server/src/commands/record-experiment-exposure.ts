/**
 * Records a subject's first exposure to an experiment (POST /v1/experiments/:name/exposures):
 * once per subject (the table's primary key), with an `experiment_exposure` analytics event in the
 * same transaction. A variant that is not the subject's own is refused, so exposures cannot be
 * forged into another bucket; an experiment that is not running has nothing to expose.
 */

import { type AnalyticsEvent, EXPERIMENT_EXPOSURE_EVENT } from "@lumen/contracts";
import { isExperimentActive, isExperimentName, variantFor } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import { AppError, errors } from "../errors.ts";
import { readExperimentClock } from "../operations/experiments/experiment-clock.ts";
import { resolveExperimentSubject } from "../operations/experiments/experiment-subject.ts";
import { NO_SUBJECT } from "./read-experiment-assignments.ts";
import { rollUpAnalytics } from "./roll-up-analytics.ts";

export interface RecordExperimentExposureOptions {
  db: Db;
  experiment: string;
  variant: string;
  userId: string | null;
  visitorId: string | null;
  now: Date;
  path?: string | null;
  paused?: boolean;
}

export async function recordExperimentExposure(
  options: RecordExperimentExposureOptions,
): Promise<{ recorded: boolean }> {
  const { db, experiment, variant, now } = options;
  if (!isExperimentName(experiment)) throw errors.notFound(`The experiment "${experiment}"`);
  const subject = await resolveExperimentSubject(options);
  if (!subject) throw errors.validation(NO_SUBJECT);
  const clock = await readExperimentClock(db, now, options.paused);
  if (!isExperimentActive(experiment, now, clock.activated, clock.paused))
    throw new AppError("conflict", `The experiment "${experiment}" is not running.`);
  const assigned = variantFor(experiment, subject.key, clock);
  if (variant !== assigned)
    throw new AppError("conflict", `The variant "${variant}" is not the one you were shown.`);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(schema.experimentExposures)
      .values({
        experiment,
        subjectId: subject.key,
        userId: subject.userId,
        variant,
        exposedAt: now,
      })
      .onConflictDoNothing()
      .returning({ subjectId: schema.experimentExposures.subjectId });
    if (inserted.length === 0) return { recorded: false };
    const event = {
      // Written by the server only: not one of the names browsers may send (ADR 0040).
      name: EXPERIMENT_EXPOSURE_EVENT as AnalyticsEvent["name"],
      properties: { experiment, variant },
      // The visitor id is the browser's analytics anonymous id; a user bucketed by their id has
      // none here, and their key stands in.
      anonymousId: options.visitorId ?? subject.key,
      at: now.toISOString(),
    };
    await tx.insert(schema.analyticsEvents).values({
      name: event.name,
      properties: event.properties,
      anonymousId: event.anonymousId,
      userId: subject.userId,
      path: options.path ?? null,
      occurredAt: now,
    });
    // Counted in the analytics console's daily rollups like any event (ADR 0042).
    await rollUpAnalytics({ db: tx, events: [event], userId: subject.userId });
    return { recorded: true };
  });
}
