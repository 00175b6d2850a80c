/**
 * The "Ask the community" draft (issue 17): a lesson writes the lesson's place and title, the
 * learner's code and the failing check's message here before opening /web/community/new, which
 * reads it to pre-fill the thread, like freeCodeCamp's "Ask for help". Kept in sessionStorage
 * (code is too long for a URL, and the draft belongs to this tab only).
 */
export interface HelpDraft {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  lessonId: number;
  lessonTitle: string;
  files: { path: string; content: string }[];
  failingCheck?: string;
}

const KEY = "lumen.community.help-draft";

export function saveHelpDraft(
  draft: HelpDraft,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage: the form opens empty and says where to ask from.
  }
}

const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

export function readHelpDraft(
  storage: Storage | undefined = globalThis.sessionStorage,
): HelpDraft | undefined {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(KEY) ?? "null");
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const d = value as Partial<HelpDraft>;
  if (!isId(d.trackId) || !isId(d.tutorialId) || !isId(d.chapterId) || !isId(d.lessonId)) {
    return undefined;
  }
  const files = Array.isArray(d.files)
    ? d.files.filter(
        (f): f is HelpDraft["files"][number] =>
          typeof f?.path === "string" && typeof f?.content === "string",
      )
    : [];
  return {
    trackId: d.trackId,
    tutorialId: d.tutorialId,
    chapterId: d.chapterId,
    lessonId: d.lessonId,
    lessonTitle: typeof d.lessonTitle === "string" ? d.lessonTitle : "",
    files,
    failingCheck: typeof d.failingCheck === "string" ? d.failingCheck : undefined,
  };
}

export function clearHelpDraft(storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The thread's suggested title: the lesson's, as a question. */
export function draftTitle(draft: HelpDraft): string {
  return `Stuck on "${draft.lessonTitle || "this lesson"}"`.slice(0, 150);
}
