/**
 * The paywall on the server (issue 15): whether a tutorial's lessons are free (its section's
 * position in the track, @lumen/core paywall.ts) and whether a caller may open the locked ones
 * (a plan with allLessons; course engineers and admins always). The chapter answer, the first
 * paint and completions ask here; the web app only shows what the server decided.
 */
import { ADMIN_ROLE, COURSE_ENGINEER_ROLE, type Track } from "@lumen/contracts";
import { isSectionFree, LESSONS_UNLOCKED_BY, planLabel } from "@lumen/core";
import type { Db } from "@lumen/db";
import { AppError } from "../errors.ts";
import { type PlanSettings, readEffectivePlan } from "./effective-plan.ts";

/** The position of the section holding a tutorial, or -1 when no section lists it. */
export function sectionPositionOf(track: Track, tutorialId: number): number {
  return track.sections.findIndex((section) => section.tutorialIds.includes(tutorialId));
}

/** Whether a tutorial's lessons are open to everyone, guests included. */
export function isTutorialFree(track: Track, tutorialId: number): boolean {
  return isSectionFree(sectionPositionOf(track, tutorialId));
}

/** The one sentence a locked lesson is refused with: "This lesson is part of the Starter plan." */
export const lessonLocked = () =>
  new AppError("plan_required", `This lesson is part of the ${planLabel(LESSONS_UNLOCKED_BY)}.`);

export interface LessonCaller {
  id: string;
  roles: readonly string[];
}

/** Whether the caller may open every lesson: their plan says so, or they make or run the course. */
export async function opensAllLessons(options: {
  db: Db;
  user: LessonCaller | undefined;
  now: Date;
  env: PlanSettings;
}): Promise<boolean> {
  const { user } = options;
  if (!user) return false;
  if (user.roles.includes(COURSE_ENGINEER_ROLE) || user.roles.includes(ADMIN_ROLE)) return true;
  const plan = await readEffectivePlan({ ...options, userId: user.id });
  return plan.entitlements.allLessons;
}

/** Throws 402 plan_required unless the caller may open this tutorial's lessons. */
export async function assertLessonOpen(options: {
  db: Db;
  user: LessonCaller | undefined;
  track: Track;
  tutorialId: number;
  now: Date;
  env: PlanSettings;
}): Promise<void> {
  if (isTutorialFree(options.track, options.tutorialId)) return;
  if (!(await opensAllLessons(options))) throw lessonLocked();
}
