/** A multiple-choice lesson: pick one answer, Check, read the feedback; wrong answers try again. */

import { LESSON } from "@lumen/lesson-view";
import { useId, useState } from "react";
import { Button, Tile } from "../../../ui/index.ts";
import type { LessonViewProps } from "../lib/lesson-view.ts";
import { LessonHtml } from "./lesson-html.tsx";
import { Feedback, LessonActions } from "./lesson-parts.tsx";

export function ChoiceLesson(props: LessonViewProps) {
  const { lesson, onPassed, onContinue, onSkip, continueLabel } = props;
  const choices = lesson.choices ?? [];
  const [picked, setPicked] = useState<number>();
  const [checked, setChecked] = useState<number>();
  const [passed, setPassed] = useState(false);
  const questionId = useId();
  const checkedChoice = checked === undefined ? undefined : choices[checked];

  const check = () => {
    if (picked === undefined) return;
    setChecked(picked);
    if (choices[picked]?.correct) {
      setPassed(true);
      onPassed({ answer: String(picked) });
    }
  };

  return (
    <div className={LESSON.column}>
      {lesson.explanationHtml && <LessonHtml html={lesson.explanationHtml} className="mb-5" />}
      {lesson.question && (
        <div id={questionId} className="mb-4 font-semibold text-slate-900 dark:text-white">
          <LessonHtml
            html={lesson.question}
            className="!text-base !font-semibold !text-slate-900 dark:!text-white"
          />
        </div>
      )}
      <div role="radiogroup" aria-labelledby={questionId} className="space-y-2.5">
        {choices.map((choice, i) => {
          const selected = picked === i;
          const verdict = checked === i ? (choice.correct ? "right" : "wrong") : undefined;
          return (
            // A whole card is the radio: rich HTML inside, which an input's label cannot hold as
            // a tap target this large.
            <Tile
              key={choice.html}
              role="radio"
              aria-checked={selected}
              disabled={passed}
              onClick={() => {
                setPicked(i);
                if (checked !== undefined && !passed) setChecked(undefined);
              }}
              state={verdict ?? (selected ? "selected" : "idle")}
              className="text-[15px]"
            >
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                  selected
                    ? "border-brand-500 bg-brand-500 text-white"
                    : "border-slate-300 text-slate-500 dark:border-slate-600"
                }`}
              >
                {String.fromCharCode(65 + i)}
              </span>
              <LessonHtml
                inline
                html={choice.html}
                className="min-w-0 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.92em] dark:[&_code]:bg-slate-800"
              />
            </Tile>
          );
        })}
      </div>
      <div className="mt-5">
        {checkedChoice?.correct && (
          <Feedback tone="right" title="Correct!">
            {checkedChoice.feedback}
          </Feedback>
        )}
        {checkedChoice && !checkedChoice.correct && (
          <Feedback tone="wrong" title="Not quite. Try again.">
            {checkedChoice.feedback}
          </Feedback>
        )}
      </div>
      <LessonActions onSkip={passed ? undefined : onSkip}>
        {passed ? (
          <Button variant="success" onClick={onContinue}>
            {continueLabel}
          </Button>
        ) : (
          <Button variant="brand" onClick={check} disabled={picked === undefined}>
            Check
          </Button>
        )}
      </LessonActions>
    </div>
  );
}
