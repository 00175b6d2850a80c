/**
 * Every query the web app makes, as TanStack Query `queryOptions` factories (ADR 0025): the one
 * place for the query keys and for how long each answer stays fresh. Route loaders
 * (`ensureQueryData`) and screens (`useSuspenseQuery`, `useQuery`) call the same factories, so
 * what a loader put in the cache is exactly what the screen reads. Also seeds the answers the
 * page carried (prefetched.ts) into the cache, once, at boot.
 */
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  skipToken,
} from "@tanstack/react-query";
import { billingApi } from "../features/billing/api/billing-client.ts";
import { creditsApi } from "../features/billing/api/credits-client.ts";
import {
  type ChapterPlace,
  chapterPlaceOfPath,
  fetchChapter,
  type LessonChapter,
  prefetchedChapter,
} from "../features/lesson/api/chapter-client.ts";
import { type ChapterRef, fetchSavedFiles } from "../features/lesson/api/saved-files-client.ts";
import { onboardingApi } from "../features/onboarding/api/onboarding-client.ts";
import { accountApi } from "../features/profile/api/account-client.ts";
import { progressApi } from "../features/progress/lib/progress-api.ts";
import { isApiError } from "./api-error.ts";
import { catalogClient, prefetchedTrack, trackIdOfPath } from "./catalog-client.ts";
import { prefetchedPaths } from "./prefetched.ts";

/**
 * Catalog answers change only when content is published: opening a screen again within a minute
 * reuses them, and a failure is retried once before the screen says so.
 */
const CATALOG_FRESH = { staleTime: 60_000, retry: 1 } as const;

export const catalogKeys = {
  tracks: () => ["catalog", "tracks"] as const,
  track: (trackId: number) => ["catalog", "track", trackId] as const,
  chapter: (place: ChapterPlace) =>
    ["catalog", "chapter", place.trackId, place.tutorialId, place.chapterId] as const,
};

/** One key family, so a completion, a sync or a bought freeze refreshes every figure at once. */
export const progressKeys = {
  all: ["progress"] as const,
  summary: () => [...progressKeys.all, "summary"] as const,
  calendars: () => [...progressKeys.all, "calendar"] as const,
  calendar: (from: string, to: string) => [...progressKeys.calendars(), from, to] as const,
  track: (trackId: number) => [...progressKeys.all, "track", trackId] as const,
  activeSection: (trackId: number) => [...progressKeys.all, "active-section", trackId] as const,
  activeTrack: () => [...progressKeys.all, "active-track"] as const,
  /** The profile's figures (issue 13): refreshed with the rest of progress. */
  stats: () => [...progressKeys.all, "stats"] as const,
};

/** A learner's (or this device's anonymous learner's) saved files of one chapter. */
export const savedFilesKey = (owner: string, chapter: Pick<LessonChapter, "id">) =>
  ["savedFiles", owner, chapter.id] as const;

type ProjectChapter = ChapterRef & { trackVersion: number };

/** The saved files of a project's chapter, as the project-done screen shows them. */
const projectResultKey = (chapter: ProjectChapter | undefined) =>
  [
    "project-result",
    chapter?.trackId,
    chapter?.tutorialId,
    chapter?.chapterId,
    chapter?.trackVersion,
  ] as const;

export const tracksQuery = () =>
  queryOptions({ queryKey: catalogKeys.tracks(), queryFn: catalogClient.tracks, ...CATALOG_FRESH });

export const trackOutlineQuery = (trackId: number) =>
  queryOptions({
    queryKey: catalogKeys.track(trackId),
    queryFn: () => catalogClient.track(trackId),
    ...CATALOG_FRESH,
  });

export const chapterQuery = (place: ChapterPlace) =>
  queryOptions({
    queryKey: catalogKeys.chapter(place),
    queryFn: () => fetchChapter(place),
    ...CATALOG_FRESH,
    // A lesson the learner's plan does not open (402) stays locked however often it is asked.
    retry: (failures, error) =>
      failures < CATALOG_FRESH.retry && !isApiError(error, "plan_required"),
  });

export const progressQuery = () =>
  queryOptions({ queryKey: progressKeys.summary(), queryFn: progressApi.progress });

export const calendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: progressKeys.calendar(from, to),
    queryFn: () => progressApi.calendar(from, to),
  });

export const trackProgressQuery = (trackId: number) =>
  queryOptions({
    queryKey: progressKeys.track(trackId),
    queryFn: () => progressApi.trackProgress(trackId),
  });

export const activeSectionQuery = (trackId: number) =>
  queryOptions({
    queryKey: progressKeys.activeSection(trackId),
    queryFn: () => progressApi.activeSection(trackId),
  });

export const activeTrackQuery = () =>
  queryOptions({ queryKey: progressKeys.activeTrack(), queryFn: progressApi.activeTrack });

export const learnerStatsQuery = () =>
  queryOptions({ queryKey: progressKeys.stats(), queryFn: accountApi.stats });

export const chapterSavedFilesQuery = (owner: string, chapter: LessonChapter) =>
  queryOptions({
    queryKey: savedFilesKey(owner, chapter),
    queryFn: () =>
      fetchSavedFiles({
        trackId: chapter.trackId,
        tutorialId: chapter.tutorialId,
        chapterId: chapter.id,
        trackVersion: chapter.trackVersion,
      }),
    // Another device may have saved since: read afresh each time a lesson screen opens.
    staleTime: 0,
    retry: 1,
  });

/** What a learner built in a project's chapter; nothing is asked while the chapter is unknown. */
export const projectResultQuery = (chapter: ProjectChapter | undefined) =>
  queryOptions({
    queryKey: projectResultKey(chapter),
    queryFn: chapter ? () => fetchSavedFiles(chapter) : skipToken,
  });

/**
 * Billing (issue 15): the plan catalogue (public, the same for everyone for a minute) and the
 * learner's plan, which a checkout, the portal or an admin grant changes: `billingKeys.all`
 * refreshes both.
 */
export const billingKeys = {
  all: ["billing"] as const,
  plans: () => [...billingKeys.all, "plans"] as const,
  myPlan: () => [...billingKeys.all, "my-plan"] as const,
  checkout: (sessionId: string) => [...billingKeys.all, "checkout", sessionId] as const,
  credits: () => [...billingKeys.all, "credits"] as const,
};

export const plansQuery = () =>
  queryOptions({ queryKey: billingKeys.plans(), queryFn: billingApi.plans, ...CATALOG_FRESH });

export const myPlanQuery = () =>
  queryOptions({ queryKey: billingKeys.myPlan(), queryFn: billingApi.myPlan });

/** The credit ledger, newest first; each further page starts before the last entry shown. */
export const creditsQuery = () =>
  infiniteQueryOptions({
    queryKey: billingKeys.credits(),
    queryFn: ({ pageParam }) => creditsApi.page(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

/** A checkout's outcome; the purchase screen polls it until the plan is in force. */
export const checkoutStatusQuery = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: () => billingApi.checkoutStatus(sessionId),
    retry: 1,
  });

/**
 * The onboarding chat's state (issue 16), kept per account so another learner on this browser
 * never sees it; read afresh whenever /onboarding-check or the chat asks.
 */
export const onboardingQuery = (userId: string) =>
  queryOptions({
    queryKey: ["onboarding", userId] as const,
    queryFn: onboardingApi.read,
    staleTime: 0,
  });

/**
 * Puts the answers the page carried into the cache under their queries' keys, as if fetched now:
 * the first render of a lesson opened by its address then has its chapter and outline, and they
 * count as fresh for the catalog's minute. Answers of other paths stay for apiFetch to take.
 */
export function seedPrefetchedAnswers(client: QueryClient, now = Date.now()): void {
  for (const path of prefetchedPaths()) {
    const place = chapterPlaceOfPath(path);
    const chapter = place ? prefetchedChapter(place) : undefined;
    if (place && chapter) {
      client.setQueryData(chapterQuery(place).queryKey, chapter, { updatedAt: now });
      continue;
    }
    const trackId = trackIdOfPath(path);
    const outline = trackId === undefined ? undefined : prefetchedTrack(trackId);
    if (trackId !== undefined && outline) {
      client.setQueryData(trackOutlineQuery(trackId).queryKey, outline, { updatedAt: now });
    }
  }
}
