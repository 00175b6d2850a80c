/**
 * The events page's data (issue 17): the list (refreshed when the signed-in account changes, since
 * it says which events the viewer RSVPed to) and the RSVP mutation, which updates the list in place.
 */
import type { LiveEvent, LiveEventsAnswer } from "@lumen/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { eventsApi } from "../api/events-client.ts";

export const eventsKey = (viewer: string | null) => ["live-events", viewer ?? "guest"] as const;

export const eventsQuery = (viewer: string | null) =>
  queryOptions({ queryKey: eventsKey(viewer), queryFn: eventsApi.list, staleTime: 30_000 });

/** Waits (`enabled` false) until the session is known, so that a learner's list is read once. */
export function useEvents(viewer: string | null, enabled = true) {
  return useQuery({ ...eventsQuery(viewer), enabled });
}

export function useRsvp(viewer: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attending }: { id: string; attending: boolean }) =>
      eventsApi.rsvp(id, attending),
    onSuccess: (answer, { id }) => {
      client.setQueryData<LiveEventsAnswer>(eventsKey(viewer), (list) => {
        if (!list) return list;
        const update = (event: LiveEvent) => (event.id === id ? { ...event, ...answer } : event);
        return { upcoming: list.upcoming.map(update), past: list.past.map(update) };
      });
    },
  });
}
