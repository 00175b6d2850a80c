/**
 * Starting a lesson is what moves the learner's place (issue 13): the lesson's track becomes the
 * active track and its section the track's active section, in the cookies at once and, for a
 * signed-in learner, on the server when its answer differs. Viewing a section moves nothing, so
 * "Start learning" never skips the rest of the section the learner is in.
 */
import type { QueryClient } from "@tanstack/react-query";
import { activeSectionQuery, activeTrackQuery } from "../../../lib/queries.ts";
import { writeActiveSection, writeActiveTrack } from "./active-cookies.ts";
import { saveActiveSection, saveActiveTrack } from "./queries.ts";

export async function startedLessonIn(options: {
  client: QueryClient;
  signedIn: boolean;
  trackId: number;
  sectionIndex: number;
}): Promise<void> {
  const { client, signedIn, trackId, sectionIndex } = options;
  writeActiveTrack(trackId);
  writeActiveSection(trackId, sectionIndex);
  if (!signedIn) return;
  await Promise.all([
    client
      .ensureQueryData(activeSectionQuery(trackId))
      .then((active) =>
        active.sectionIndex === sectionIndex
          ? undefined
          : saveActiveSection(client, trackId, sectionIndex),
      )
      .catch((error: unknown) => console.warn("The active section was not saved.", error)),
    client
      .ensureQueryData(activeTrackQuery())
      .then((active) => (active.trackId === trackId ? undefined : saveActiveTrack(client, trackId)))
      .catch((error: unknown) => console.warn("The active track was not saved.", error)),
  ]);
}
