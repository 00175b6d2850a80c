/** The caller's variant of every experiment, and which experiments run (GET /v1/experiments). */

import type { ExperimentAssignments } from "@lumen/contracts";
import { activeExperiments, assignVariants } from "@lumen/core";
import type { Db } from "@lumen/db";
import { errors } from "../errors.ts";
import { readExperimentClock } from "../operations/experiments/experiment-clock.ts";
import { resolveExperimentSubject } from "../operations/experiments/experiment-subject.ts";

export interface ReadExperimentAssignmentsOptions {
  db: Db;
  userId: string | null;
  visitorId: string | null;
  now: Date;
  paused?: boolean;
}

export async function readExperimentAssignments(
  options: ReadExperimentAssignmentsOptions,
): Promise<ExperimentAssignments> {
  const subject = await resolveExperimentSubject(options);
  if (!subject) throw errors.validation(NO_SUBJECT);
  const clock = await readExperimentClock(options.db, options.now, options.paused);
  return { variants: assignVariants(subject.key, clock), active: activeExperiments(clock) };
}

export const NO_SUBJECT =
  "Sign in, or send the X-Visitor-Id header with your visitor id (8–64 letters, digits, - or _).";
