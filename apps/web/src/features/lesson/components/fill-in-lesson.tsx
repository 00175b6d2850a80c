/**
 * A fill-in lesson: the snippet with its blanks, and token chips to place in them. Tapping a chip
 * fills the selected (or first empty) blank; tapping a filled blank gives its chip back. After
 * Check the focus moves to Continue, or to Try again, which leads to the first blank to change.
 */

import { LESSON } from "@lumen/lesson-view";
import { useMemo, useRef, useState } from "react";
import { Button, Tile } from "../../../ui/index.ts";
import { AnswerTutorChat } from "../../ai/components/ask-about-answer.tsx";
import { AskAiButton } from "../../ai/components/ask-ai-button.tsx";
import {
  chipsFor,
  fillBlanks,
  isFilledCorrectly,
  parseSnippet,
  wrongBlanks,
} from "../lib/fill-in.ts";
import type { LessonViewProps } from "../lib/lesson-view.ts";
import { LessonHtml } from "./lesson-html.tsx";
import { Feedback, LessonActions, TryAgain, useFocusAfterCheck } from "./lesson-parts.tsx";

export function FillInLesson(props: LessonViewProps) {
  const { lesson, onPassed, onContinue, onSkip, continueLabel, continuePending } = props;
  const snippet = lesson.snippet;
  const parts = useMemo(() => parseSnippet(snippet?.code ?? ""), [snippet]);
  const chips = useMemo(
    () => chipsFor(snippet?.answers ?? [], snippet?.distractors ?? [], lesson.id),
    [snippet, lesson.id],
  );
  const blanks = snippet?.answers.length ?? 0;
  /** The chip id in each blank. */
  const [slots, setSlots] = useState<Array<number | undefined>>(() =>
    Array(blanks).fill(undefined),
  );
  const [selected, setSelected] = useState(0);
  const [verdict, setVerdict] = useState<"right" | "wrong">();
  const texts = slots.map((id) => chips.find((c) => c.id === id)?.text);
  const wrong = verdict === "wrong" ? wrongBlanks(texts, snippet?.answers ?? []) : [];
  const passed = verdict === "right";
  const [checks, setChecks] = useState(0);
  // The AI tutor (issue 16), for signed-in learners, after a wrong answer.
  const [asking, setAsking] = useState(false);
  const continueButton = useRef<HTMLButtonElement>(null);
  const tryAgainButton = useRef<HTMLButtonElement>(null);
  const code = useRef<HTMLElement>(null);
  useFocusAfterCheck(checks, passed, { next: continueButton, retry: tryAgainButton });

  const place = (chipId: number) => {
    const target = slots[selected] === undefined ? selected : slots.indexOf(undefined);
    if (target < 0) return;
    const next = slots.map((s, i) => (i === target ? chipId : s));
    setSlots(next);
    setVerdict(undefined);
    const empty = next.indexOf(undefined);
    setSelected(empty < 0 ? target : empty);
  };

  const clear = (index: number) => {
    setSlots(slots.map((s, i) => (i === index ? undefined : s)));
    setSelected(index);
    setVerdict(undefined);
  };

  const check = () => {
    if (isFilledCorrectly(texts, snippet?.answers ?? [])) {
      setVerdict("right");
      onPassed({ answer: JSON.stringify(texts) });
    } else {
      setVerdict("wrong");
    }
    setChecks((n) => n + 1);
  };
  // The first blank to change: a wrong one, else an empty one.
  const tryAgain = () => {
    const first = wrong[0] ?? texts.indexOf(undefined);
    code.current?.querySelectorAll<HTMLElement>("button")[Math.max(first, 0)]?.focus();
  };

  return (
    <div className={LESSON.column}>
      {lesson.explanationHtml && <LessonHtml html={lesson.explanationHtml} className="mb-5" />}
      {lesson.question && (
        <LessonHtml
          html={lesson.question}
          className="mb-4 !text-base !font-semibold !text-slate-900 dark:!text-white"
        />
      )}
      <figure ref={code} aria-label="Code with blanks" className="m-0">
        <pre className="overflow-x-auto rounded-2xl border border-slate-200 bg-slate-50 p-4 font-mono text-[15px] leading-9 whitespace-pre-wrap text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100">
          {parts.map((part, i) => {
            if (part.kind === "text") return <span key={i}>{part.text}</span>;
            const text = texts[part.index];
            const isWrong = wrong.includes(part.index);
            return (
              <Tile
                key={i}
                shape="blank"
                state={
                  passed
                    ? "right"
                    : isWrong
                      ? "wrong"
                      : text
                        ? "filled"
                        : selected === part.index
                          ? "selected"
                          : "empty"
                }
                disabled={passed}
                aria-label={
                  text
                    ? `Blank ${part.index + 1}: ${text}. Remove it`
                    : `Blank ${part.index + 1}: empty${selected === part.index ? ", selected" : ""}`
                }
                onClick={() => (text ? clear(part.index) : setSelected(part.index))}
              >
                {text ?? "\u00a0"}
              </Tile>
            );
          })}
        </pre>
      </figure>
      <fieldset className="mt-4 flex flex-wrap gap-2 border-0 p-0">
        <legend className="sr-only">Tokens</legend>
        {chips.map((chip) => {
          const used = slots.includes(chip.id);
          return (
            <Tile
              key={chip.id}
              shape="chip"
              state={used ? "used" : "idle"}
              disabled={used || passed}
              aria-label={`Place ${chip.text}`}
              onClick={() => place(chip.id)}
            >
              {chip.text}
            </Tile>
          );
        })}
      </fieldset>
      <div className="mt-5">
        {verdict === "right" && <Feedback tone="right" title="Correct!" />}
        {verdict === "wrong" && (
          <Feedback
            tone="wrong"
            title="Not quite. Try again."
            action={
              <div className="flex flex-wrap gap-2">
                <TryAgain ref={tryAgainButton} onClick={tryAgain} />
                {props.userId && !asking && <AskAiButton onClick={() => setAsking(true)} />}
              </div>
            }
          >
            {texts.some((t) => t === undefined)
              ? "Fill every blank first."
              : "The marked blanks hold the wrong token: tap one to take it out."}
          </Feedback>
        )}
        {props.userId && asking && (
          <AnswerTutorChat
            place={{
              trackId: props.chapter.trackId,
              tutorialId: props.chapter.tutorialId,
              chapterId: props.chapter.id,
              lessonId: lesson.id,
            }}
            // The snippet with the learner's tokens in its blanks, as they see it.
            answer={() => fillBlanks(snippet?.code ?? "", texts)}
            analytics={props.analytics}
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
          <Button variant="brand" onClick={check} disabled={texts.some((t) => t === undefined)}>
            Check
          </Button>
        )}
      </LessonActions>
    </div>
  );
}
