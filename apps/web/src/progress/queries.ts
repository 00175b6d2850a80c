/**
 * TanStack Query hooks over the progress API. One key family, so a completion, a sync or a
 * bought freeze refreshes every figure on screen at once; the server's answer is the truth.
 */
import type { DailyGoalXp, Progress } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "../auth/auth-provider.tsx";
import { writeActiveSection, writeActiveTrack } from "./active-cookies.ts";
import { catalogClient } from "./catalog-client.ts";
import { progressApi } from "./progress-api.ts";

export const progressKeys = {
  all: ["progress"] as const,
  summary: () => [...progressKeys.all, "summary"] as const,
  calendar: (from: string, to: string) => [...progressKeys.all, "calendar", from, to] as const,
  track: (trackId: number) => [...progressKeys.all, "track", trackId] as const,
  activeSection: (trackId: number) => [...progressKeys.all, "active-section", trackId] as const,
  activeTrack: () => [...progressKeys.all, "active-track"] as const,
};

export const catalogKeys = {
  tracks: () => ["catalog", "tracks"] as const,
  track: (trackId: number) => ["catalog", "track", trackId] as const,
};

function useSignedIn(): boolean {
  return useAuth().status === "signedIn";
}

export function useProgress() {
  return useQuery({
    queryKey: progressKeys.summary(),
    queryFn: progressApi.progress,
    enabled: useSignedIn(),
  });
}

export function useSetDailyGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (xp: DailyGoalXp) => progressApi.setDailyGoal(xp),
    onSuccess: (progress) => client.setQueryData(progressKeys.summary(), progress),
  });
}

export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: progressKeys.calendar(from, to),
    queryFn: () => progressApi.calendar(from, to),
    enabled: useSignedIn(),
  });
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
    queryKey: progressKeys.track(trackId ?? 0),
    queryFn: () => progressApi.trackProgress(trackId as number),
    enabled: useSignedIn() && trackId !== undefined,
  });
}

export function useActiveSection(trackId: number | undefined) {
  return useQuery({
    queryKey: progressKeys.activeSection(trackId ?? 0),
    queryFn: () => progressApi.activeSection(trackId as number),
    enabled: useSignedIn() && trackId !== undefined,
  });
}

export function useSetActiveSection(trackId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sectionIndex: number) => progressApi.setActiveSection(trackId, sectionIndex),
    onSuccess: (active) => {
      writeActiveTrack(active.trackId);
      writeActiveSection(active.trackId, active.sectionIndex);
      client.setQueryData(progressKeys.activeSection(trackId), active);
    },
  });
}

export function useActiveTrack() {
  return useQuery({
    queryKey: progressKeys.activeTrack(),
    queryFn: progressApi.activeTrack,
    enabled: useSignedIn(),
  });
}

export function useSetActiveTrack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (trackId: number) => {
      await progressApi.setActiveTrack(trackId);
      return trackId;
    },
    onSuccess: (trackId) => {
      writeActiveTrack(trackId);
      client.setQueryData(progressKeys.activeTrack(), { trackId });
    },
  });
}

export function useTracks() {
  return useQuery({ queryKey: catalogKeys.tracks(), queryFn: catalogClient.tracks });
}

export function useTrackOutline(trackId: number | undefined) {
  return useQuery({
    queryKey: catalogKeys.track(trackId ?? 0),
    queryFn: () => catalogClient.track(trackId as number),
    enabled: trackId !== undefined,
  });
}
