/**
 * When a lesson opens without the server's saved files, and what to do with them when they
 * arrive after it opened (offline, or the server slow to answer). The lesson opened at once from
 * the device's copy, and the learner may have typed since. What they typed is never replaced: it
 * is newer than anything the server holds, and their saver sends it. Untouched, the lesson takes
 * what it would have opened with had the server answered in time (merge-files.ts), e.g. work
 * saved on another device.
 */
import type { SavedFile } from "../api/saved-files-client.ts";
import type { Draft } from "./draft-store.ts";
import { editableFiles, mergeLessonFiles, type StarterFile } from "./merge-files.ts";

/**
 * Whether an opening lesson waits for the server's saved files: only a signed-in learner's, only
 * while they are being asked over a connection that is on (offline, the query is paused, not
 * asking), only until the wait runs out, and only before the lesson first opened (a later
 * refetch never takes the editor away).
 */
export function waitsForServer(input: {
  signedIn: boolean;
  /** No answer yet, and the request is on its way. */
  asking: boolean;
  online: boolean;
  waitedEnough: boolean;
  alreadyOpened: boolean;
}): boolean {
  const { signedIn, asking, online, waitedEnough, alreadyOpened } = input;
  return signedIn && asking && online && !waitedEnough && !alreadyOpened;
}

export type LateServerFiles =
  /** Leave the editor as it is. */
  | { action: "keep" }
  /** The learner's files as they are, but the server does not have them: send them. */
  | { action: "upload" }
  /** Show these files instead: the learner has not typed since the lesson opened. */
  | { action: "replace"; files: StarterFile[]; needsUpload: boolean };

const sameContent = (a: StarterFile[], b: StarterFile[]) => {
  const left = editableFiles(a);
  const right = editableFiles(b);
  return (
    left.length === right.length &&
    left.every((file, i) => file.name === right[i]?.name && file.content === right[i]?.content)
  );
};

export function reconcileLateServerFiles(input: {
  starter: StarterFile[];
  /** The files the lesson opened with. */
  opened: StarterFile[];
  /** The files in the editor now. */
  current: StarterFile[];
  /** The server's saved files of this lesson ([] when it has none). */
  server: SavedFile[];
  /** This device's draft of the lesson now. */
  draft: Draft | undefined;
}): LateServerFiles {
  const { starter, opened, current, server, draft } = input;
  if (!sameContent(opened, current)) return { action: "keep" };
  const merged = mergeLessonFiles({ starter, server, draft });
  if (!sameContent(merged.files, current)) {
    return { action: "replace", files: merged.files, needsUpload: merged.needsUpload };
  }
  return merged.needsUpload ? { action: "upload" } : { action: "keep" };
}
