/** What the lesson screen hands every lesson type: the lesson, where it is, and what to do next. */
import type { Lesson, LessonMode } from "@lumen/contracts";
import type { LessonChapter } from "../api/chapter-client.ts";
import type { SavedFile } from "../api/saved-files-client.ts";

export interface LessonCompletion {
  files?: SavedFile[];
  answer?: string;
}

export interface LessonViewProps {
  chapter: LessonChapter;
  lesson: Lesson;
  mode: LessonMode;
  userId: string | null;
  /** Flat analytics properties naming the lesson. */
  analytics: Record<string, string | number>;
  /** "Continue", or what ends the chapter ("Finish chapter"). */
  continueLabel: string;
  /** Continue was pressed and waits (the server still verifies the last lesson). */
  continuePending?: boolean;
  /** The learner got it right: record the lesson as finished (and send the completion). */
  onPassed(completion: LessonCompletion): void;
  onContinue(): void;
  onSkip(): void;
}
