/**
 * What the progress screens' routes load before the screen renders (ADR 0025), through
 * lib/queries.ts's factories, so a screen's first render has its data. Personal answers wait for
 * a stored session to be restored (or refused) and are loaded only for a signed-in learner, so a
 * screen never first shows a signed-in learner as a guest. Also: the redirects to where the
 * learner left off. A visit to a section writes nothing: only starting a lesson moves the active
 * section (lib/active-place.ts).
 */
import { redirect } from "@tanstack/react-router";
import { findTutorial } from "../../lib/catalog-client.ts";
import {
  activeSectionQuery,
  activeTrackQuery,
  calendarQuery,
  progressQuery,
  projectResultQuery,
  trackOutlineQuery,
  trackProgressQuery,
  tracksQuery,
} from "../../lib/queries.ts";
import type { RouterContext } from "../../lib/router-context.ts";
import { readActiveSection, readActiveTrack } from "./lib/active-cookies.ts";
import { calendarMonth } from "./lib/calendar-month.ts";

/** Whether personal answers can be loaded, once a session being restored is known. */
const signedIn = async (context: RouterContext) =>
  (await context.auth.settled()).status === "signedIn";

/** Loads personal answers for a signed-in learner, once a session being restored is known. */
async function forLearner(context: RouterContext, load: () => Promise<unknown>): Promise<void> {
  if (await signedIn(context)) await load();
}

/** A track id from the address, or undefined when it is not a positive whole number. */
function trackIdOf(param: string): number | undefined {
  const trackId = Number(param);
  return Number.isSafeInteger(trackId) && trackId > 0 ? trackId : undefined;
}

export async function loadTracks(context: RouterContext): Promise<void> {
  const { queryClient } = context;
  await Promise.all([
    queryClient.ensureQueryData(tracksQuery()),
    // Only marks the learner's current track: the picker works without it.
    forLearner(context, () =>
      Promise.allSettled([queryClient.ensureQueryData(activeTrackQuery())]),
    ),
  ]);
}

export async function loadSection(
  context: RouterContext,
  params: { trackId: string },
): Promise<void> {
  const { queryClient } = context;
  const trackId = trackIdOf(params.trackId);
  if (trackId === undefined) throw new Error(`There is no track "${params.trackId}".`);
  await Promise.all([
    queryClient.ensureQueryData(trackOutlineQuery(trackId)),
    forLearner(context, () => queryClient.ensureQueryData(trackProgressQuery(trackId))),
  ]);
}

/** The section a track opens on: the server's answer (asked afresh), the cookie, or the first. */
async function activeSectionOf(context: RouterContext, trackId: number): Promise<number> {
  const { status } = await context.auth.settled();
  if (status !== "signedIn") return readActiveSection(trackId) ?? 0;
  const active = await context.queryClient.fetchQuery({
    ...activeSectionQuery(trackId),
    staleTime: 0,
  });
  return active.sectionIndex;
}

const sectionRedirect = (trackId: number, sectionIndex: number) =>
  redirect({
    to: "/web/$trackId/section/$sectionIndex",
    params: { trackId: String(trackId), sectionIndex: String(sectionIndex) },
    replace: true,
  });

/** /web/{trackId}/section/active: to the track's active section. */
export async function loadActiveSectionRedirect(
  context: RouterContext,
  params: { trackId: string },
): Promise<void> {
  const trackId = trackIdOf(params.trackId);
  // Not a track: the screen keeps saying it is looking, as it always did.
  if (trackId === undefined) return;
  throw sectionRedirect(trackId, await activeSectionOf(context, trackId));
}

/** /web/redirect-to-active-section: the active track's active section, or the track picker. */
export async function loadRedirectToActiveSection(context: RouterContext): Promise<void> {
  const { status } = await context.auth.settled();
  const trackId =
    status === "signedIn"
      ? (await context.queryClient.fetchQuery({ ...activeTrackQuery(), staleTime: 0 })).trackId
      : (readActiveTrack() ?? null);
  if (trackId === null) throw redirect({ to: "/web/tracks", replace: true });
  throw sectionRedirect(trackId, await activeSectionOf(context, trackId));
}

export async function loadStreak(context: RouterContext): Promise<void> {
  const { queryClient } = context;
  if (!(await signedIn(context))) return;
  const progress = await queryClient.ensureQueryData(progressQuery());
  // This month's calendar too; a failure shows inside the calendar, as before.
  const month = calendarMonth(progress.today.date, 0);
  await Promise.allSettled([queryClient.ensureQueryData(calendarQuery(month.from, month.to))]);
}

export async function loadDailyGoal(
  context: RouterContext,
  deps: { trackId: number | undefined },
): Promise<void> {
  const { queryClient } = context;
  await Promise.all([
    forLearner(context, () => queryClient.ensureQueryData(progressQuery())),
    // "Continue" falls back to the section without the outline.
    deps.trackId !== undefined &&
      Promise.allSettled([queryClient.ensureQueryData(trackOutlineQuery(deps.trackId))]),
  ]);
}

export async function loadProjectDone(
  context: RouterContext,
  deps: {
    trackId: number | undefined;
    tutorialId: number | undefined;
    chapterId: number | undefined;
  },
): Promise<void> {
  const { queryClient } = context;
  const { trackId, tutorialId, chapterId } = deps;
  // Without its track and tutorial the screen says what is missing.
  if (trackId === undefined || tutorialId === undefined) return;
  const [outline, learner] = await Promise.all([
    queryClient.ensureQueryData(trackOutlineQuery(trackId)),
    signedIn(context),
  ]);
  const tutorial = findTutorial(outline, tutorialId)?.tutorial;
  const chapter = tutorial?.chapters.find((c) => c.id === chapterId) ?? tutorial?.chapters.at(-1);
  if (!learner) return;
  // The figures show "–" without these, and the result its summary, as before.
  await Promise.allSettled([
    queryClient.ensureQueryData(progressQuery()),
    queryClient.ensureQueryData(trackProgressQuery(trackId)),
    tutorial &&
      chapter &&
      queryClient.ensureQueryData(
        projectResultQuery({
          trackId: outline.id,
          tutorialId: tutorial.id,
          chapterId: chapter.id,
          trackVersion: outline.version,
        }),
      ),
  ]);
}
