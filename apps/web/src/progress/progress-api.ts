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
  errorBodySchema,
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
import { apiFetch } from "../auth/api-client.ts";

/** An answer from the API that is not OK, with the server's code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

async function call<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  const response = await apiFetch(path, init);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    throw error.success
      ? new ApiError(response.status, error.data.code, error.data.message)
      : new ApiError(response.status, "http_error", `The server answered ${response.status}.`);
  }
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
      const body = errorBodySchema.safeParse(await response.json().catch(() => null));
      throw new ApiError(
        response.status,
        body.success ? body.data.code : "http_error",
        body.success ? body.data.message : `The server answered ${response.status}.`,
      );
    }
  },
};

/** The browser's IANA time zone: the learner's days are counted in it (issue 7). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
