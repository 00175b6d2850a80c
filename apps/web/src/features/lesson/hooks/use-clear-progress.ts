/**
 * The tutor's `clearProgress=true` (spec section 2): before the chapter opens, wipe its progress
 * on this device, the learner's drafts and, when signed in, their saved files (the clear call);
 * then take the parameter out of the address, so that a reload does not clear again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { savedFilesKey } from "../../../lib/queries.ts";
import type { LessonChapter } from "../api/chapter-client.ts";
import { clearSavedFiles } from "../api/saved-files-client.ts";
import type { LessonRouteId } from "../lesson-loader.ts";
import { clearChapterProgress } from "../lib/chapter-progress.ts";
import { draftStore } from "../lib/draft-store.ts";

export function useClearProgress(options: {
  /** The lesson route whose address carries the parameter. */
  from: LessonRouteId;
  /** Whether a clear is due (the address asked for it and it has not run yet). */
  clearing: boolean;
  chapter: LessonChapter | undefined;
  owner: string;
  userId: string | null;
  /** Called once the clear has ended, with the error's text when it failed. */
  onDone: (error?: string) => void;
}): void {
  const { clearing, chapter, owner, userId } = options;
  const client = useQueryClient();
  const navigate = useNavigate({ from: options.from });
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;

  useEffect(() => {
    if (!clearing || !chapter) return;
    let live = true;
    let failure: string | undefined;
    (async () => {
      clearChapterProgress(chapter.id);
      const ids = chapter.lessons.map((l) => l.id);
      await draftStore()
        .remove(owner, ids)
        .catch(() => undefined);
      if (userId) {
        await clearSavedFiles({
          trackId: chapter.trackId,
          tutorialId: chapter.tutorialId,
          chapterId: chapter.id,
          trackVersion: chapter.trackVersion,
        });
        client.removeQueries({ queryKey: savedFilesKey(owner, chapter) });
      }
    })()
      .catch((error: unknown) => {
        failure = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        if (!live) return;
        onDone.current(failure);
        void navigate({
          to: ".",
          search: (prev: Record<string, unknown>) => ({ ...prev, clearProgress: undefined }),
          replace: true,
        });
      });
    return () => {
      live = false;
    };
  }, [clearing, chapter, owner, userId, client, navigate]);
}
