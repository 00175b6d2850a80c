/**
 * What the route error screen (route-error.tsx) says about an error, in plain words: never a
 * stack, never a browser's technical message. A screen's code that did not load offline, or data
 * that needs the network, is "You're offline" (and retries by itself when the connection
 * returns); a lazy file gone after a deploy asks for a reload; an answer the server refused shows
 * its own sentence (written for learners, like every ApiError); anything else is our fault, said
 * so, with where to write.
 */
import { isChunkLoadError } from "../offline/stale-chunk.ts";

export type RouteErrorKind = "offline" | "stale" | "refused" | "unknown";

export interface RouteErrorCopy {
  kind: RouteErrorKind;
  title: string;
  sentence: string;
  /** The retry button's label. */
  action: string;
}

/** fetch's own failures, in Chromium, Firefox and Safari: the request never got an answer. */
const NETWORK_FAILURE = /Failed to fetch|NetworkError|Load failed/i;

/** A request that got no answer: no connection, or a token that could not be refreshed. */
function unanswered(error: unknown): boolean {
  if ((error as { code?: unknown } | null)?.code === "auth/network-request-failed") return true;
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}

/** Errors whose message was written for learners: the API clients' and our loaders' own. */
const readable = (error: unknown): error is Error =>
  error instanceof Error &&
  (error.name === "ApiError" || error.name === "Error") &&
  error.message.trim().length > 0;

const OFFLINE: RouteErrorCopy = {
  kind: "offline",
  title: "You're offline",
  sentence:
    "This screen needs the internet, or has not been saved on this device yet. Your progress is safe, and the screen opens by itself when you're back online.",
  action: "Try again",
};

export function describeRouteError(
  error: unknown,
  options: { online: boolean; supportEmail: string },
): RouteErrorCopy {
  const { online } = options;
  if (isChunkLoadError(error)) {
    return online
      ? {
          kind: "stale",
          title: "A new version is ready",
          sentence:
            "This screen changed since you opened the page. Reload to get the new version. Your progress is safe.",
          action: "Reload",
        }
      : OFFLINE;
  }
  if (unanswered(error)) {
    return online
      ? {
          kind: "offline",
          title: "We could not reach the server",
          sentence: "Check your connection, then try again. Your progress is safe on this device.",
          action: "Try again",
        }
      : OFFLINE;
  }
  if (readable(error)) {
    return {
      kind: "refused",
      title: "This screen did not open",
      sentence: error.message,
      action: "Try again",
    };
  }
  // Offline, an unexpected failure is most likely the missing connection's doing.
  if (!online) return OFFLINE;
  return {
    kind: "unknown",
    title: "This screen did not open",
    sentence: `Something went wrong on our side. Try again, and if it keeps happening, write to ${options.supportEmail}.`,
    action: "Try again",
  };
}
