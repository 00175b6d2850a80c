/**
 * The learner's files for one lesson, never lost: opens with the newest of the server's saved
 * files and this device's draft, keeps every change in the draft store at once, saves to the
 * server after a short pause when signed in, retries failed saves, and reports where the work is.
 *
 * Offline (or when the server has not answered within SERVER_WAIT_MS, or the request could not
 * reach it) the lesson opens at once from the device's copy: the draft, else the starter files.
 * The server's answer, when it comes (the connection is back), is reconciled without replacing
 * anything typed since (lib/late-server-files.ts).
 */
import type { Lesson } from "@lumen/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isApiError } from "../../../lib/api-error.ts";
import { chapterSavedFilesQuery, savedFilesKey } from "../../../lib/queries.ts";
import type { LessonChapter } from "../api/chapter-client.ts";
import { type LessonSavedFiles, postSavedFiles } from "../api/saved-files-client.ts";
import { ANONYMOUS_OWNER, draftStore } from "../lib/draft-store.ts";
import { reconcileLateServerFiles, waitsForServer } from "../lib/late-server-files.ts";
import { LessonSaver, type SaveStatus } from "../lib/lesson-saver.ts";
import { editableFiles, mergeLessonFiles, type StarterFile } from "../lib/merge-files.ts";

/**
 * How long an opening lesson waits for the server's saved files before it opens from the
 * device's copy (a connection that is on but answers nothing). Offline, it does not wait at all.
 */
export const SERVER_WAIT_MS = 4_000;

/** The chapter's saved files for a signed-in learner (undefined for everyone else). */
export function useChapterSavedFiles(chapter: LessonChapter, userId: string | null) {
  return useQuery({
    ...chapterSavedFilesQuery(userId ?? ANONYMOUS_OWNER, chapter),
    enabled: Boolean(userId),
    // A request that never reached the server is not tried again: the lesson opens from the
    // device, and the connection coming back asks again.
    retry: (failures, error) => failures < 1 && !isApiError(error, "auth/network-request-failed"),
  });
}

const subscribeOnline = (onChange: () => void) => {
  addEventListener("online", onChange);
  addEventListener("offline", onChange);
  return () => {
    removeEventListener("online", onChange);
    removeEventListener("offline", onChange);
  };
};
/** The browser's own word on the connection, which changes with the offline and online events. */
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

export interface LessonFiles {
  ready: boolean;
  files: StarterFile[];
  status: SaveStatus;
  setFile(name: string, content: string): void;
  /** Replaces the learner's files at once (reset to the starter code, apply the solution). */
  replace(files: Array<{ name: string; content: string }>): void;
  /** Sends what is unsaved now; resolves once the server has it (or the try failed). */
  saveNow(): Promise<void>;
}

/** The lesson the editor opened, what it opened with, and whether the server's answer was in it. */
interface Opened {
  key: string;
  files: StarterFile[];
  serverKnown: boolean;
}

export function useLessonFiles(input: {
  chapter: LessonChapter;
  lesson: Lesson;
  userId: string | null;
}): LessonFiles {
  const { chapter, lesson, userId } = input;
  const owner = userId ?? ANONYMOUS_OWNER;
  const key = `${owner}:${lesson.id}`;
  const client = useQueryClient();
  const saved = useChapterSavedFiles(chapter, userId);
  const online = useOnline();
  const [files, setFiles] = useState<StarterFile[]>(lesson.executableContent.files);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(userId ? "saved" : "local");
  const filesRef = useRef(files);
  const saver = useRef<LessonSaver | null>(null);
  const opened = useRef<Opened | null>(null);
  const [openedKey, setOpenedKey] = useState<string | null>(null);
  const [impatientKey, setImpatientKey] = useState<string | null>(null);

  const serverFiles = userId
    ? saved.data?.find((entry) => entry.lessonId === lesson.id)?.files
    : undefined;
  // Whether the server answered: an empty answer means "nothing saved", a failure means "unknown".
  const serverKnown = Boolean(userId) && saved.isSuccess;
  const waitingForServer = waitsForServer({
    signedIn: Boolean(userId),
    // A paused query (offline) is not asking.
    asking: saved.isPending && saved.fetchStatus === "fetching",
    online,
    waitedEnough: impatientKey === key,
    alreadyOpened: openedKey === key,
  });

  // The merge happens once per lesson opened; later refetches must not overwrite what is typed.
  const latest = useRef({ chapter, lesson, userId, serverKnown, serverFiles, client, saved });
  latest.current = { chapter, lesson, userId, serverKnown, serverFiles, client, saved };

  useEffect(() => {
    if (!waitingForServer) return;
    const timer = setTimeout(() => setImpatientKey(key), SERVER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitingForServer, key]);

  useEffect(() => {
    if (waitingForServer) return;
    const { chapter, lesson, userId, serverKnown, serverFiles, client } = latest.current;
    let cancelled = false;
    setReady(false);
    setOpenedKey(key);
    const store = draftStore();
    const instance = new LessonSaver({
      owner,
      lessonId: lesson.id,
      store,
      upload: userId
        ? (next) =>
            postSavedFiles({
              trackId: chapter.trackId,
              tutorialId: chapter.tutorialId,
              chapterId: chapter.id,
              lessonId: lesson.id,
              publishSetVersion: chapter.trackVersion,
              files: next,
            })
        : undefined,
      onStatus: (next) => {
        if (!cancelled) setStatus(next);
      },
      onSaved: (next) => {
        // The cached server copy must follow, or reopening the lesson would show older files.
        client.setQueryData<LessonSavedFiles[]>(savedFilesKey(owner, chapter), (old = []) => [
          ...old.filter((entry) => entry.lessonId !== lesson.id),
          { lessonId: lesson.id, files: next },
        ]);
      },
    });
    saver.current = instance;
    store
      .get(owner, lesson.id)
      .catch(() => undefined)
      .then((draft) => {
        if (cancelled) return;
        const merged = mergeLessonFiles({
          starter: lesson.executableContent.files,
          server: serverKnown ? (serverFiles ?? []) : undefined,
          draft,
        });
        opened.current = { key, files: merged.files, serverKnown: serverKnown || !userId };
        filesRef.current = merged.files;
        setFiles(merged.files);
        setStatus(userId ? "saved" : "local");
        setReady(true);
        if (merged.needsUpload) instance.resume(editableFiles(merged.files));
      });
    return () => {
      cancelled = true;
      opened.current = null;
      void instance.flush().finally(() => instance.dispose());
    };
  }, [owner, key, waitingForServer]);

  // The server's answer after the lesson opened without it: take it in, never over typed work.
  useEffect(() => {
    const current = opened.current;
    if (!ready || !serverKnown || !current || current.key !== key || current.serverKnown) return;
    current.serverKnown = true;
    const { lesson, serverFiles } = latest.current;
    const store = draftStore();
    void store
      .get(owner, lesson.id)
      .catch(() => undefined)
      .then(async (draft) => {
        // Another lesson opened meanwhile: this answer is not its concern.
        if (opened.current !== current) return;
        const outcome = reconcileLateServerFiles({
          starter: lesson.executableContent.files,
          opened: current.files,
          current: filesRef.current,
          server: serverFiles ?? [],
          draft,
        });
        if (outcome.action === "upload") {
          saver.current?.resume(editableFiles(filesRef.current));
        } else if (outcome.action === "replace") {
          const shown = filesRef.current;
          if (!outcome.needsUpload) {
            // The device's copy follows first, so the next offline visit opens with these files;
            // a keystroke meanwhile is written after it, and wins.
            await store
              .put({
                owner,
                lessonId: lesson.id,
                files: editableFiles(outcome.files),
                updatedAt: Date.now(),
                synced: true,
              })
              .catch(() => undefined);
          }
          if (opened.current !== current || filesRef.current !== shown) return;
          current.files = outcome.files;
          filesRef.current = outcome.files;
          setFiles(outcome.files);
          if (outcome.needsUpload) saver.current?.resume(editableFiles(outcome.files));
        }
      });
  }, [ready, serverKnown, key, owner]);

  // The connection coming back retries at once and asks the server for the files the lesson
  // opened without; hiding the page sends what waits.
  useEffect(() => {
    const online = () => {
      saver.current?.online();
      const { userId, saved } = latest.current;
      if (userId && opened.current && !opened.current.serverKnown && !saved.isFetching) {
        void saved.refetch();
      }
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") void saver.current?.flush();
    };
    addEventListener("online", online);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      removeEventListener("online", online);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, []);

  const commit = useCallback((next: StarterFile[]) => {
    filesRef.current = next;
    setFiles(next);
    void saver.current?.change(editableFiles(next)).catch(() => {
      // The device store failed (full or blocked); the server save still runs, and the status shows it.
    });
  }, []);

  const setFile = useCallback(
    (name: string, content: string) => {
      const current = filesRef.current;
      const file = current.find((f) => f.name === name);
      if (!file || file.content === content) return;
      commit(current.map((f) => (f.name === name ? { ...f, content } : f)));
    },
    [commit],
  );

  const replace = useCallback(
    (next: Array<{ name: string; content: string }>) => {
      commit(
        filesRef.current.map((file) => {
          if (file.readonly || file.hidden) return file;
          const match = next.find((n) => n.name === file.name);
          return match ? { ...file, content: match.content } : file;
        }),
      );
    },
    [commit],
  );

  const saveNow = useCallback(async () => {
    await saver.current?.flush();
  }, []);

  return { ready, files, status, setFile, replace, saveNow };
}
