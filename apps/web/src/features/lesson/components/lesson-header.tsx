/**
 * The top of a lesson screen: where the lesson is, its position, a step per lesson of the chapter
 * (each a button to go there), and its title. The server's first paint draws the same
 * (first-paint/lesson-first-paint.ts), with the same classes. The steps are one Tab stop (the
 * current lesson's); the arrow keys, Home and End move between them (a roving tab index, as in
 * WAI-ARIA's toolbar), so the keyboard reaches the lesson without a Tab per lesson (issue 13).
 */
import type { LessonMode } from "@lumen/contracts";
import { LESSON, MODE_LABEL } from "@lumen/lesson-view";
import type { KeyboardEvent } from "react";

const STEP_KEYS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

function moveBetweenSteps(event: KeyboardEvent<HTMLOListElement>) {
  const move = STEP_KEYS[event.key];
  if (!move) return;
  const steps = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const at = steps.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  steps[move(at, steps.length)]?.focus();
}

export function LessonHeader({
  mode,
  place,
  lessons,
  index,
  finished,
  onGoTo,
}: {
  mode: LessonMode;
  /** The tutorial and chapter, as the learner reads them. */
  place: string;
  lessons: ReadonlyArray<{ id: number; title: string }>;
  index: number;
  finished: ReadonlySet<number>;
  onGoTo: (index: number) => void;
}) {
  const lesson = lessons[index];
  return (
    <header className={LESSON.header}>
      <div className={LESSON.place}>
        <p className={LESSON.placeName}>{place}</p>
        <p className={LESSON.position}>
          {mode === "challenge" ? "Challenge" : "Lesson"} {index + 1} of {lessons.length}
        </p>
      </div>
      <nav aria-label="Lessons in this chapter">
        <ol className={LESSON.steps} onKeyDown={moveBetweenSteps}>
          {lessons.map((l, i) => {
            const done = finished.has(l.id);
            return (
              <li key={l.id} className={LESSON.step}>
                <button
                  type="button"
                  onClick={() => onGoTo(i)}
                  aria-label={`${i + 1}. ${l.title}${done ? " (finished)" : ""}`}
                  aria-current={i === index ? "step" : undefined}
                  tabIndex={i === index ? 0 : -1}
                  className={LESSON.stepButton}
                >
                  <span
                    className={`${LESSON.stepBar} ${
                      i === index ? LESSON.stepCurrent : done ? LESSON.stepDone : LESSON.stepTodo
                    }`}
                  />
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className={LESSON.titleRow}>
        <h1 className={LESSON.title}>{lesson?.title}</h1>
        {MODE_LABEL[mode] && <span className={LESSON.modeBadge}>{MODE_LABEL[mode]}</span>}
      </div>
    </header>
  );
}
