/**
 * The progress API's calls (issue 7), each answer checked against the shared contract so a
 * server change fails loudly here instead of drawing wrong figures on a learner's screen.
 */
import {
  type ActiveSection,
  type ActiveTrack,
  activeSectionSchema,
  activeTrackSchema,
  type BuyFreezeResult,
  buyFreezeResultSchema,
  type CalendarResult,
  type CompletionResult,
  calendarResultSchema,
  completionResultSchema,
  type DailyGoalXp,
  type LessonCompletionBody,
  type Progress,
  progressSchema,
  type SyncEvent,
  type SyncResult,
  syncResultSchema,
  type TrackProgress,
  trackProgressSchema,
} from "@lumen/contracts";
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

export { ApiError };

async function call<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  const response = await apiFetch(path, init);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return schema.parse(body);
}

const put = (body: unknown): RequestInit => ({ method: "PUT", body: JSON.stringify(body) });
const post = (body?: unknown): RequestInit => ({
  method: "POST",
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const progressApi = {
  progress: (): Promise<Progress> => call(progressSchema, "/v1/progress"),
  setDailyGoal: (xp: DailyGoalXp): Promise<Progress> =>
    call(progressSchema, "/v1/daily-goal", put({ xp })),
  setTimeZone: (timeZone: string): Promise<Progress> =>
    call(progressSchema, "/v1/me/time-zone", put({ timeZone })),
  complete: (lessonId: number, body: LessonCompletionBody): Promise<CompletionResult> =>
    call(completionResultSchema, `/v1/progress/lessons/${lessonId}/complete`, post(body)),
  sync: (events: SyncEvent[]): Promise<SyncResult> =>
    call(syncResultSchema, "/v1/progress/sync", post({ events })),
  calendar: (from: string, to: string): Promise<CalendarResult> =>
    call(
      calendarResultSchema,
      `/v1/streak/calendar?${new URLSearchParams({ from, to }).toString()}`,
    ),
  buyFreeze: (): Promise<BuyFreezeResult> =>
    call(buyFreezeResultSchema, "/v1/streak/freezes", post()),
  trackProgress: (trackId: number): Promise<TrackProgress> =>
    call(trackProgressSchema, `/v1/tracks/${trackId}/progress`),
  activeSection: (trackId: number): Promise<ActiveSection> =>
    call(activeSectionSchema, `/v1/tracks/${trackId}/sections/active`),
  setActiveSection: (trackId: number, sectionIndex: number): Promise<ActiveSection> =>
    call(activeSectionSchema, `/v1/tracks/${trackId}/sections/active`, put({ sectionIndex })),
  activeTrack: (): Promise<ActiveTrack> => call(activeTrackSchema, "/v1/me/active-track"),
  setActiveTrack: async (trackId: number): Promise<void> => {
    const response = await apiFetch("/v1/me/active-track", put({ trackId }));
    if (!response.ok) {
      throw ApiError.fromAnswer(response.status, await response.json().catch(() => null));
    }
  },
};

/** The browser's IANA time zone: the learner's days are counted in it (issue 7). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
