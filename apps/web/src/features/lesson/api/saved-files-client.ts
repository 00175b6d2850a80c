/**
 * The lesson screen's client for a learner's saved files and the course engineers' preview calls
 * (spec section 7, issue 6). Every call goes through apiFetch, so it carries the bearer token (or
 * the impersonation token); a non-OK answer raises the spec's own text (section 8).
 */
import { type RunResult, runResultSchema, savedFilesAnswerSchema } from "@lumen/contracts";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

export interface ChapterRef {
  trackId: number;
  tutorialId: number;
  chapterId: number;
}

export interface SavedFile {
  name: string;
  content: string;
}

export interface LessonSavedFiles {
  lessonId: number;
  files: SavedFile[];
}

const chapterPath = ({ trackId, tutorialId, chapterId }: ChapterRef) =>
  `/tracks/${trackId}/tutorials/${tutorialId}/chapters/${chapterId}`;

/** The wire shape: content travels as userContent (spec section 3). */
const toWire = (files: SavedFile[]) => ({
  files: files.map((file) => ({ userContent: file.content, name: file.name })),
});

/** The `message` of an error body `{ code, message }`, when the answer has one. */
async function messageOf(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown } | null;
    return typeof body?.message === "string" && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

async function failureText(prefix: string, res: Response): Promise<string> {
  const message = await messageOf(res);
  return `${prefix} - ${res.statusText} (${res.status})${message ? `: ${message}` : ""}`;
}

/**
 * The chapter's saved files. A request that never reached the server (offline, or the token
 * could not be refreshed without a network) is an ApiError `auth/network-request-failed`, so the
 * lesson screen opens from the device's copy at once instead of retrying; a server that answered
 * and refused keeps the spec's text.
 */
export async function fetchSavedFiles(
  options: ChapterRef & { trackVersion: number },
): Promise<LessonSavedFiles[]> {
  let res: Response;
  try {
    res = await apiFetch(
      `/v1${chapterPath(options)}/savedFiles?trackVersion=${options.trackVersion}`,
    );
  } catch (error) {
    if (error instanceof ApiError && error.code !== "auth/network-request-failed") throw error;
    throw ApiError.unreachable(
      "Could not fetch saved files for lesson - the server could not be reached.",
    );
  }
  if (!res.ok) throw new Error(await failureText("Could not fetch saved files for lesson", res));
  return savedFilesAnswerSchema.parse(await res.json()).savedFiles;
}

/**
 * The spec gives no text for a failed clear; it reads like the fetch's, so that the tutor's
 * clearProgress flow reports it the same way.
 */
export async function clearSavedFiles(
  options: ChapterRef & { trackVersion: number },
): Promise<void> {
  const res = await apiFetch(
    `/v1${chapterPath(options)}/savedFiles/clear?trackVersion=${options.trackVersion}`,
    { method: "POST" },
  );
  if (!res.ok) throw new Error(await failureText("Could not clear saved files", res));
}

export async function postSavedFiles(
  options: ChapterRef & { lessonId: number; publishSetVersion: number; files: SavedFile[] },
): Promise<void> {
  const res = await apiFetch(
    `/v1${chapterPath(options)}/lessons/${options.lessonId}/savefiles?publishSetVersion=${options.publishSetVersion}`,
    { method: "POST", body: JSON.stringify(toWire(options.files)) },
  );
  if (!res.ok) throw new Error("Could not post saved files");
}

export async function previewRunFiles(
  options: ChapterRef & { lessonId: number; files: SavedFile[] },
): Promise<RunResult> {
  const res = await apiFetch(
    `/v1/preview${chapterPath(options)}/lessons/${options.lessonId}/runfiles`,
    { method: "POST", body: JSON.stringify(toWire(options.files)) },
  );
  if (!res.ok) throw new Error("Could not post saved files to preview");
  return runResultSchema.parse(await res.json());
}

export async function clearPreviewCache(options: ChapterRef): Promise<void> {
  const res = await apiFetch(`/v1/preview${chapterPath(options)}/savedFiles/clearCache`, {
    method: "POST",
  });
  if (!res.ok) throw new Error("Could not clear saved files cache");
}
