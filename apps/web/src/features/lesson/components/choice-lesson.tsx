/**
 * A multiple-choice lesson: pick one answer, Check, read the feedback; wrong answers try again.
 * The answers are a radio group (Radix, WAI-ARIA's pattern): one Tab stop, the arrow keys move
 * between answers and pick them. After Check the focus moves to Continue or Try again. The
 * author's feedback is Markdown compiled to HTML (packages/content), shown as markup.
 */

import { LESSON } from "@lumen/lesson-view";
import * as RadioGroup from "@radix-ui/react-radio-group";
import { useId, useRef, useState } from "react";
import { Button, Tile } from "../../../ui/index.ts";
import { AnswerTutorChat } from "../../ai/components/ask-about-answer.tsx";
import { AskAiButton } from "../../ai/components/ask-ai-button.tsx";
import type { LessonViewProps } from "../lib/lesson-view.ts";
import { LessonHtml } from "./lesson-html.tsx";
import { Feedback, LessonActions, TryAgain, useFocusAfterCheck } from "./lesson-parts.tsx";

const CODE_IN_TEXT =
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.92em] dark:[&_code]:bg-slate-800";

/** A choice's words without its markup: what the tutor is told the learner picked. */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

export function ChoiceLesson(props: LessonViewProps) {
  const { lesson, chapter, userId, analytics } = props;
  const { onPassed, onContinue, onSkip, continueLabel, continuePending } = props;
  const choices = lesson.choices ?? [];
  const [picked, setPicked] = useState<number>();
  const [checked, setChecked] = useState<number>();
  const [passed, setPassed] = useState(false);
  const [checks, setChecks] = useState(0);
  // The AI tutor (issue 16), for signed-in learners, after a wrong answer.
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const checkedChoice = checked === undefined ? undefined : choices[checked];
  const continueButton = useRef<HTMLButtonElement>(null);
  const tryAgainButton = useRef<HTMLButtonElement>(null);
  const answers = useRef<HTMLDivElement>(null);
  // An arrow key moves the focus and picks the answer it lands on (selection follows focus).
  // Radix picks it only while the key is still down; a quick tap can be up before the focus
  // moves, so the key is remembered until the focus arrives.
  const arrowed = useRef(false);
  useFocusAfterCheck(checks, passed, { next: continueButton, retry: tryAgainButton });

  const check = () => {
    if (picked === undefined) return;
    setChecked(picked);
    if (choices[picked]?.correct) {
      setPassed(true);
      onPassed({ answer: String(picked) });
    }
    setChecks((n) => n + 1);
  };
  // Back to the answers, on the one picked: the arrow keys take it from there.
  const tryAgain = () =>
    answers.current?.querySelector<HTMLElement>('[role="radio"][data-state="checked"]')?.focus();
  const feedback = (html: string | undefined) =>
    html ? <LessonHtml inline html={html} className={CODE_IN_TEXT} /> : undefined;

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
      <RadioGroup.Root
        ref={answers}
        aria-labelledby={questionId}
        value={picked === undefined ? "" : String(picked)}
        onValueChange={(value) => {
          setPicked(Number(value));
          if (checked !== undefined && !passed) setChecked(undefined);
        }}
        disabled={passed}
        loop
        className="space-y-2.5"
        onKeyDown={(event) => {
          arrowed.current = event.key.startsWith("Arrow");
        }}
      >
        {choices.map((choice, i) => {
          const selected = picked === i;
          const verdict = checked === i ? (choice.correct ? "right" : "wrong") : undefined;
          return (
            // A whole card is the radio: rich HTML inside, which an input's label cannot hold as
            // a tap target this large.
            <RadioGroup.Item
              key={choice.html}
              value={String(i)}
              asChild
              onFocus={() => {
                if (!arrowed.current || passed) return;
                arrowed.current = false;
                setPicked(i);
                if (checked !== undefined) setChecked(undefined);
              }}
            >
              <Tile state={verdict ?? (selected ? "selected" : "idle")} className="text-[15px]">
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
                <LessonHtml inline html={choice.html} className={`min-w-0 ${CODE_IN_TEXT}`} />
              </Tile>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      <div className="mt-5">
        {checkedChoice?.correct && (
          <Feedback tone="right" title="Correct!">
            {feedback(checkedChoice.feedback)}
          </Feedback>
        )}
        {checkedChoice && !checkedChoice.correct && (
          <Feedback
            tone="wrong"
            title="Not quite. Try again."
            action={
              <div className="flex flex-wrap gap-2">
                <TryAgain ref={tryAgainButton} onClick={tryAgain} />
                {userId && !asking && <AskAiButton onClick={() => setAsking(true)} />}
              </div>
            }
          >
            {feedback(checkedChoice.feedback)}
          </Feedback>
        )}
        {userId && asking && (
          <AnswerTutorChat
            place={{
              trackId: chapter.trackId,
              tutorialId: chapter.tutorialId,
              chapterId: chapter.id,
              lessonId: lesson.id,
            }}
            answer={() => (picked === undefined ? undefined : textOf(choices[picked]?.html ?? ""))}
            analytics={analytics}
          />
        )}
      </div>
      <LessonActions onSkip={passed ? undefined : onSkip}>
        {passed ? (
          <Button
            ref={continueButton}
            variant="success"
            onClick={onContinue}
            pending={continuePending}
          >
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
