/**
 * The completion client (issue 7), used by the lesson screens: sends one lesson completion to
 * the server, or, offline, keeps it in the IndexedDB queue for /web/syncProgress.
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

const defaultDeps = (): CompleteLessonDeps => ({
  send: progressApi.complete,
  store: progressQueueStore(),
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
  now: () => new Date(),
  newId: () => crypto.randomUUID(),
  timeZone: browserTimeZone,
  ownerId: async () => tokenSubject(await bearerToken().catch(() => null)),
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
  deps: CompleteLessonDeps = defaultDeps(),
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
