/**
 * The first paint of a lesson screen, rendered by the server into the page it sends (ADR 0015):
 * the header, the lesson's place and title, and its text, with the same classes as the React
 * screen. A learner on a slow connection reads the lesson while the app's code is still on its
 * way; once the app has drawn the lesson, it removes this (lib/first-paint.ts). Plain TypeScript
 * with no React or browser API, so the server imports it as it is.
 */
import { LESSON_MODES, type LessonMode } from "@lumen/contracts";
import { LESSON, SHELL } from "./layout-classes.ts";
import { PROSE } from "./prose.ts";

export const FIRST_PAINT_ID = "first-paint";

/** The parts of a chapter's lessons the first paint shows. */
export interface FirstPaintLesson {
  type: string;
  title: string;
  explanationHtml: string;
}

const PRACTICE_TYPES = new Set(["code", "project"]);

/** The lessons a mode goes through: the challenge mode practises code and project lessons only. */
export function lessonsForMode<T extends { type: string }>(
  lessons: readonly T[],
  mode: LessonMode,
) {
  return mode === "challenge" ? lessons.filter((l) => PRACTICE_TYPES.has(l.type)) : [...lessons];
}

export const MODE_LABEL: Record<LessonMode, string | undefined> = {
  learn: undefined,
  challenge: "Practice",
  tutor: "With tutor",
};

export const isLessonMode = (value: string): value is LessonMode =>
  (LESSON_MODES as readonly string[]).includes(value);

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface FirstPaintInput {
  productName: string;
  tutorialTitle?: string;
  chapterTitle: string;
  lessons: readonly FirstPaintLesson[];
  mode: LessonMode;
  /** The `lesson` search parameter: an index into the mode's lessons. */
  lessonIndex: number;
}

/**
 * The markup, or undefined when the lesson is not one the screen would show as it is (the index
 * is past the end), so the page falls back to the app's own loading state.
 */
export function renderLessonFirstPaint(input: FirstPaintInput): string | undefined {
  const lessons = lessonsForMode(input.lessons, input.mode);
  const lesson = lessons[input.lessonIndex];
  if (!lesson || !Number.isInteger(input.lessonIndex)) return undefined;
  const e = escapeHtml;
  const place = `${input.tutorialTitle ? `${e(input.tutorialTitle)} · ` : ""}${e(input.chapterTitle)}`;
  const steps = lessons
    .map(
      (_, i) =>
        `<li class="${LESSON.step}"><span class="${LESSON.stepButton}"><span class="${LESSON.stepBar} ${
          i === input.lessonIndex ? LESSON.stepCurrent : LESSON.stepTodo
        }"></span></span></li>`,
    )
    .join("");
  const badge = MODE_LABEL[input.mode]
    ? `<span class="${LESSON.modeBadge}">${e(MODE_LABEL[input.mode] ?? "")}</span>`
    : "";
  const text = `<div class="${PROSE}">${lesson.explanationHtml}</div>`;
  const body = PRACTICE_TYPES.has(lesson.type)
    ? `<div class="${LESSON.codeGrid}"><div class="${LESSON.codeText}">${text}</div><div class="${LESSON.codeSide}"><div class="${LESSON.editorBox}"><div class="${LESSON.editorBar}"><span class="h-8"></span></div><div class="${LESSON.editorArea}"></div></div></div></div>`
    : `<div class="${LESSON.column}">${text}</div>`;
  return [
    `<div id="${FIRST_PAINT_ID}" class="${SHELL.page}">`,
    `<header class="${SHELL.header}"><div class="${SHELL.headerRow}"><span class="${SHELL.brand}"><img src="/favicon.svg" alt="" class="${SHELL.brandLogo}"><span class="${SHELL.brandName}">${e(input.productName)}</span></span></div></header>`,
    `<main class="${SHELL.main}"><div class="${LESSON.screen}">`,
    `<header class="${LESSON.header}"><div class="${LESSON.place}"><p class="${LESSON.placeName}">${place}</p><p class="${LESSON.position}">${
      input.mode === "challenge" ? "Challenge" : "Lesson"
    } ${input.lessonIndex + 1} of ${lessons.length}</p></div>`,
    `<ol class="${LESSON.steps}">${steps}</ol>`,
    `<div class="${LESSON.titleRow}"><h1 class="${LESSON.title}">${e(lesson.title)}</h1>${badge}</div></header>`,
    body,
    "</div></main></div>",
  ].join("");
}
