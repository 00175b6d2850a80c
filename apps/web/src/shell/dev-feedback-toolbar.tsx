/**
 * The developer-feedback toolbar for course engineers (spec section 6): on lesson screens it
 * shows the lesson's ids, content file and version, and a link to report a problem. Renders
 * nothing for anyone but course engineers and admins. The feature-flag overrides are in the
 * shell's developer toolbar (dev-toolbar.tsx), on every screen.
 */

import { config } from "../lib/config.ts";
import { useMayOverrideFlags } from "./dev-toolbar.tsx";

export interface LessonDebugInfo {
  trackId: string | number;
  tutorialId: string | number;
  chapterId: string | number;
  lessonId: string | number;
  /** The lesson's source under content/, e.g. "content/python/.../lesson.md". */
  contentPath: string;
  contentVersion: string | number;
}

export function reportProblemHref(
  info: LessonDebugInfo,
  supportEmail = config.supportEmail,
): string {
  const subject = `Lesson problem: ${info.contentPath} (v${info.contentVersion})`;
  const body = [
    `Track ${info.trackId}, tutorial ${info.tutorialId}, chapter ${info.chapterId}, lesson ${info.lessonId}`,
    `Content: ${info.contentPath} at version ${info.contentVersion}`,
    `Page: ${typeof location === "undefined" ? "" : location.href}`,
    "",
    "What is wrong:",
  ].join("\n");
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function DevFeedbackToolbar({ info }: { info: LessonDebugInfo }) {
  if (!useMayOverrideFlags()) return null;
  return (
    <aside
      aria-label="Course engineer tools"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 font-mono text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span>
        track {info.trackId} · tutorial {info.tutorialId} · chapter {info.chapterId} · lesson{" "}
        {info.lessonId}
      </span>
      <span className="break-all">{info.contentPath}</span>
      <span>v{info.contentVersion}</span>
      <a className="font-sans font-medium underline" href={reportProblemHref(info)}>
        Report a problem
      </a>
    </aside>
  );
}
