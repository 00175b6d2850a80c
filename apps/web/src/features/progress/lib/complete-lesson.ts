/**
 * The completion client (issue 7), used by the lesson screens: sends one lesson completion to
 * the server, or, offline, keeps it in the IndexedDB queue to be synced; a guest's completions
 * are kept in the same queue until an account signs in (issue 13).
 *
 * Every completion gets its own clientEventId, made once here, so a retry or a replayed sync is
 * counted once by the server. Listeners (the progress provider) hear every counted result so the
 * header, the caches and the achievement sound follow without the lesson screen wiring them.
 */
import type { CompletionResult } from "@lumen/contracts";
import { bearerToken } from "../../../lib/api-client.ts";
import {
  notifyQueueChange,
  progressQueueStore,
  type QueuedCompletion,
  type QueueStore,
} from "./offline-queue.ts";
import { ApiError, browserTimeZone, progressApi } from "./progress-api.ts";

export interface CompleteLessonInput {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  trackVersion: number;
  lessonId: number;
  files?: { name: string; content: string }[];
  answer?: string;
}

export type CompleteLessonOutcome = { queued: false; result: CompletionResult } | { queued: true };

export interface CompleteLessonDeps {
  send: typeof progressApi.complete;
  store: QueueStore;
  isOnline: () => boolean;
  now: () => Date;
  newId: () => string;
  timeZone: () => string;
  ownerId: () => Promise<string | null>;
}

/** The `sub` of the bearer token: whose queue entry this is. */
export function tokenSubject(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(
      atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")),
    ) as { sub?: unknown };
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * The browser's dependencies. `ownerId` names whose a queued entry is when the caller knows it
 * (the lesson screen's signed-in learner); otherwise the bearer token's subject says.
 */
export const browserCompletionDeps = (ownerId?: string): CompleteLessonDeps => ({
  send: progressApi.complete,
  store: progressQueueStore(),
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
  now: () => new Date(),
  newId: () => crypto.randomUUID(),
  timeZone: browserTimeZone,
  ownerId: async () => ownerId ?? tokenSubject(await bearerToken().catch(() => null)),
});

/** Statuses a proxy or a sleeping server answers with: the request never reached us, so queue. */
const UNREACHABLE = new Set([502, 503, 504]);

/** Whether a failed send means "no connection" (queue it) rather than a real answer. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return UNREACHABLE.has(error.status);
  // A token refresh that could not reach the identity provider fails with this code.
  if ((error as { code?: unknown } | null)?.code === "auth/network-request-failed") return true;
  // fetch rejects with a TypeError when the network is down; our own code never throws one here.
  return error instanceof TypeError;
}

type CompletionListener = (result: CompletionResult, input: CompleteLessonInput) => void;
const listeners = new Set<CompletionListener>();
/** Hear every answered completion (counted or not). Returns the unsubscribe. */
export function onLessonCompleted(listener: CompletionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function completeLesson(
  input: CompleteLessonInput,
  deps: CompleteLessonDeps = browserCompletionDeps(),
): Promise<CompleteLessonOutcome> {
  const { lessonId, ...place } = input;
  const body = {
    ...place,
    completedAt: deps.now().toISOString(),
    timeZone: deps.timeZone(),
    clientEventId: deps.newId(),
  };
  const queue = async (): Promise<CompleteLessonOutcome> => {
    const item: QueuedCompletion = { ...body, lessonId, ownerId: await deps.ownerId() };
    await deps.store.put(item);
    notifyQueueChange();
    return { queued: true };
  };

  if (!deps.isOnline()) return queue();
  try {
    const result = await deps.send(lessonId, body);
    for (const listener of listeners) listener(result, input);
    return { queued: false, result };
  } catch (error) {
    if (isNetworkFailure(error)) return queue();
    // 422 checks_failed and every other refusal arrive as an ApiError (an Error whose message is
    // the server's, and whose code says which): the lesson screen shows the message.
    throw error;
  }
}

/**
 * A guest's finished lesson (issue 13): kept on this device, with the files or answer that
 * passed, until an account signs in here and the sync sends it to be verified and counted
 * there. One entry a lesson: finishing it again changes nothing.
 */
export async function keepGuestCompletion(
  input: CompleteLessonInput,
  deps: Pick<CompleteLessonDeps, "store" | "now" | "newId" | "timeZone"> = browserCompletionDeps(),
): Promise<{ queued: true }> {
  const { lessonId, ...place } = input;
  const kept = await deps.store.all();
  if (!kept.some((item) => item.ownerId === null && item.lessonId === lessonId)) {
    await deps.store.put({
      ...place,
      lessonId,
      completedAt: deps.now().toISOString(),
      timeZone: deps.timeZone(),
      clientEventId: deps.newId(),
      ownerId: null,
    });
    notifyQueueChange();
  }
  return { queued: true };
}
