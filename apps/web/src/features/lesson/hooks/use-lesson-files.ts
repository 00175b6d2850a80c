/**
 * The learner's files for one lesson, never lost: opens with the newest of the server's saved
 * files and this device's draft, keeps every change in the draft store at once, saves to the
 * server after a short pause when signed in, retries failed saves, and reports where the work is.
 */
import type { Lesson } from "@lumen/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { chapterSavedFilesQuery, savedFilesKey } from "../../../lib/queries.ts";
import type { LessonChapter } from "../api/chapter-client.ts";
import { type LessonSavedFiles, postSavedFiles } from "../api/saved-files-client.ts";
import { ANONYMOUS_OWNER, draftStore } from "../lib/draft-store.ts";
import { LessonSaver, type SaveStatus } from "../lib/lesson-saver.ts";
import { editableFiles, mergeLessonFiles, type StarterFile } from "../lib/merge-files.ts";

/** The chapter's saved files for a signed-in learner (undefined for everyone else). */
export function useChapterSavedFiles(chapter: LessonChapter, userId: string | null) {
  return useQuery({
    ...chapterSavedFilesQuery(userId ?? ANONYMOUS_OWNER, chapter),
    enabled: Boolean(userId),
  });
}

export interface LessonFiles {
  ready: boolean;
  files: StarterFile[];
  status: SaveStatus;
  setFile(name: string, content: string): void;
  /** Replaces the learner's files at once (reset to the starter code, apply the solution). */
  replace(files: Array<{ name: string; content: string }>): void;
  saveNow(): void;
}

export function useLessonFiles(input: {
  chapter: LessonChapter;
  lesson: Lesson;
  userId: string | null;
}): LessonFiles {
  const { chapter, lesson, userId } = input;
  const owner = userId ?? ANONYMOUS_OWNER;
  const client = useQueryClient();
  const saved = useChapterSavedFiles(chapter, userId);
  const [files, setFiles] = useState<StarterFile[]>(lesson.executableContent.files);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(userId ? "saved" : "local");
  const filesRef = useRef(files);
  const saver = useRef<LessonSaver | null>(null);

  const waitingForServer = Boolean(userId) && saved.isPending && saved.fetchStatus !== "idle";
  const serverFiles = userId
    ? saved.data?.find((entry) => entry.lessonId === lesson.id)?.files
    : undefined;
  // Whether the server answered: an empty answer means "nothing saved", a failure means "unknown".
  const serverKnown = Boolean(userId) && saved.isSuccess;

  // The merge happens once per lesson opened; later refetches must not overwrite what is typed.
  const latest = useRef({ chapter, lesson, userId, serverKnown, serverFiles, client });
  latest.current = { chapter, lesson, userId, serverKnown, serverFiles, client };

  useEffect(() => {
    if (waitingForServer) return;
    const { chapter, lesson, userId, serverKnown, serverFiles, client } = latest.current;
    let cancelled = false;
    setReady(false);
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
        filesRef.current = merged.files;
        setFiles(merged.files);
        setStatus(userId ? "saved" : "local");
        setReady(true);
        if (merged.needsUpload) instance.resume(editableFiles(merged.files));
      });
    return () => {
      cancelled = true;
      void instance.flush().finally(() => instance.dispose());
    };
  }, [owner, lesson.id, waitingForServer]);

  // The connection coming back retries at once; hiding the page sends what waits.
  useEffect(() => {
    const online = () => saver.current?.online();
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

  const saveNow = useCallback(() => {
    void saver.current?.flush();
  }, []);

  return { ready, files, status, setFile, replace, saveNow };
}
