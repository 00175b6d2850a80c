/**
 * TanStack Query hooks over the progress API, for the parts of the app that are not a route's
 * own data (the header, the progress bridge, a screen's secondary figures) and the mutations.
 * The queries themselves, their keys and freshness, are lib/queries.ts's factories; personal
 * ones are asked for only while a learner is signed in. The server's answer is the truth.
 */
import type { DailyGoalXp, Progress } from "@lumen/contracts";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  activeTrackQuery,
  calendarQuery,
  progressKeys,
  progressQuery,
  trackOutlineQuery,
  trackProgressQuery,
} from "../../../lib/queries.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { writeActiveSection, writeActiveTrack } from "./active-cookies.ts";
import { progressApi } from "./progress-api.ts";

// The keys' home is lib/queries.ts; the progress bridge and the sync screen refresh through them.
export { progressKeys };

function useSignedIn(): boolean {
  return useAuth().status === "signedIn";
}

export function useProgress() {
  return useQuery({ ...progressQuery(), enabled: useSignedIn() });
}

export function useSetDailyGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (xp: DailyGoalXp) => progressApi.setDailyGoal(xp),
    onSuccess: (progress) => client.setQueryData(progressQuery().queryKey, progress),
  });
}

export function useCalendar(from: string, to: string) {
  return useQuery({ ...calendarQuery(from, to), enabled: useSignedIn() });
}

export function useBuyFreeze() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: progressApi.buyFreeze,
    onSuccess: ({ freezes, coins }) =>
      client.setQueryData<Progress>(progressKeys.summary(), (old) =>
        old ? { ...old, coins, streak: { ...old.streak, freezes } } : old,
      ),
  });
}

export function useTrackProgress(trackId: number | undefined) {
  return useQuery({
    ...trackProgressQuery(trackId ?? 0),
    enabled: useSignedIn() && trackId !== undefined,
  });
}

export function useActiveTrack() {
  return useQuery({ ...activeTrackQuery(), enabled: useSignedIn() });
}

/** Makes a section the track's active one: on the server, in the cookies and in the cache. */
export async function saveActiveSection(
  client: QueryClient,
  trackId: number,
  sectionIndex: number,
): Promise<void> {
  const active = await progressApi.setActiveSection(trackId, sectionIndex);
  writeActiveTrack(active.trackId);
  writeActiveSection(active.trackId, active.sectionIndex);
  client.setQueryData(progressKeys.activeSection(trackId), active);
}

/** Makes a track the learner's active one: on the server, in the cookie and in the cache. */
export async function saveActiveTrack(client: QueryClient, trackId: number): Promise<void> {
  await progressApi.setActiveTrack(trackId);
  writeActiveTrack(trackId);
  client.setQueryData(activeTrackQuery().queryKey, { trackId });
}

export function useSetActiveTrack() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (trackId: number) => saveActiveTrack(client, trackId) });
}

export function useTrackOutline(trackId: number | undefined) {
  return useQuery({ ...trackOutlineQuery(trackId ?? 0), enabled: trackId !== undefined });
}
