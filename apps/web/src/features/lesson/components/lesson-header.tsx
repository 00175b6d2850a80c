/**
 * The top of a lesson screen: where the lesson is, its position, a step per lesson of the chapter
 * (each a button to go there), and its title. The server's first paint draws the same
 * (first-paint/lesson-first-paint.ts), with the same classes.
 */
import type { LessonMode } from "@lumen/contracts";
import { LESSON, MODE_LABEL } from "@lumen/lesson-view";

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
        <ol className={LESSON.steps}>
          {lessons.map((l, i) => {
            const done = finished.has(l.id);
            return (
              <li key={l.id} className={LESSON.step}>
                <button
                  type="button"
                  onClick={() => onGoTo(i)}
                  aria-label={`${i + 1}. ${l.title}${done ? " (finished)" : ""}`}
                  aria-current={i === index ? "step" : undefined}
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
