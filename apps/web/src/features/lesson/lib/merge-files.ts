/**
 * Which files a lesson opens with, from its starter files, the server's saved files and this
 * device's draft. Newest wins: a draft not yet confirmed by the server was written after the last
 * save the server knows of, so it wins; a confirmed draft is no newer than the server's copy, which
 * may since have changed on another device, so the server wins. Nothing is ever dropped silently:
 * a confirmed draft the server no longer has is kept and sent again.
 */

import type { SavedFile } from "../api/saved-files-client.ts";
import type { Draft } from "./draft-store.ts";

export interface StarterFile {
  name: string;
  content: string;
  readonly: boolean;
  hidden: boolean;
}

export type FilesSource = "starter" | "server" | "draft";

export interface MergedFiles {
  files: StarterFile[];
  source: FilesSource;
  /** True when the result holds work the server does not have yet. */
  needsUpload: boolean;
}

/** Saved content replaces only the learner's own files: read-only and hidden ones stay the author's. */
export function applySaved(starter: StarterFile[], saved: SavedFile[]): StarterFile[] {
  return starter.map((file) => {
    if (file.readonly || file.hidden) return file;
    const match = saved.find((s) => s.name === file.name);
    return match ? { ...file, content: match.content } : file;
  });
}

const sameFiles = (a: SavedFile[], b: SavedFile[]) =>
  a.length === b.length &&
  a.every((file) => b.some((other) => other.name === file.name && other.content === file.content));

export function mergeLessonFiles(input: {
  starter: StarterFile[];
  server?: SavedFile[];
  draft?: Draft;
}): MergedFiles {
  const { starter, server, draft } = input;
  if (draft && !draft.synced) {
    return { files: applySaved(starter, draft.files), source: "draft", needsUpload: true };
  }
  if (server && server.length > 0) {
    return {
      files: applySaved(starter, server),
      source: "server",
      needsUpload: false,
    };
  }
  if (draft) {
    return {
      files: applySaved(starter, draft.files),
      source: "draft",
      needsUpload: server !== undefined && !sameFiles(draft.files, server),
    };
  }
  return { files: starter, source: "starter", needsUpload: false };
}

/** The files a learner can change: what is saved locally and on the server. */
export function editableFiles(files: StarterFile[]): SavedFile[] {
  return files
    .filter((file) => !file.readonly && !file.hidden)
    .map(({ name, content }) => ({ name, content }));
}
