/**
 * Code challenge and project lessons: the instructions beside the editor, Run and Check, the
 * output panel, the solution, and (in the tutor) the tutor panel. The learner's files are kept
 * on every keystroke and saved to their account (useLessonFiles). A Check's banner goes once the
 * code changes or runs again; after a Check the focus moves to Continue or Try again; on a phone,
 * Run and Check ride in the symbol row above the keyboard (issue 13).
 */
import type { RunResult } from "@lumen/contracts";
import { LESSON } from "@lumen/lesson-view";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { useEditorFontSize } from "../../../editor/font-size.ts";
import { LazyCodeEditor, preloadCodeEditor } from "../../../editor/lazy-code-editor.tsx";
import { type SymbolBarAction, SymbolBarActions } from "../../../editor/symbol-bar.tsx";
import { importWhenOnline } from "../../../offline/stale-chunk.ts";
import { useIsCourseEngineer } from "../../../shell/dev-toolbar.tsx";
import { Button } from "../../../ui/index.ts";
import { ShareDialog } from "../../../ui/share-dialog.tsx";
import { AskAiButton } from "../../ai/components/ask-ai-button.tsx";
import { previewRunFiles } from "../api/saved-files-client.ts";
import { useCodeRunner } from "../hooks/use-code-runner.ts";
import { preloadExplainer, useExplainer } from "../hooks/use-explainer.ts";
import { useLessonFiles } from "../hooks/use-lesson-files.ts";
import type { LessonViewProps } from "../lib/lesson-view.ts";
import { editableFiles } from "../lib/merge-files.ts";
import { firstFailure } from "../lib/run-request.ts";
import { AskCommunityButton } from "./ask-community-button.tsx";
import { Hints } from "./hints.tsx";
import { LessonHtml } from "./lesson-html.tsx";
import { Feedback, LessonActions, TryAgain, useFocusAfterCheck } from "./lesson-parts.tsx";
import { OutputPanel } from "./output-panel.tsx";
import { SaveStatusBadge } from "./save-status-badge.tsx";
import { SolutionPanel } from "./solution-panel.tsx";
import { TutorPanel } from "./tutor-panel.tsx";

/** The AI tutor's chat (issue 16) loads when it is first shown: a lesson's first paint stays small. */
const TutorChat = lazy(() =>
  importWhenOnline(() => import("../../ai/components/tutor-chat.tsx")).then((m) => ({
    default: m.TutorChat,
  })),
);

/** Where the editor is: the lesson's skip link and Try again lead there. */
export const EDITOR_ID = "lesson-editor";

/** Puts the focus in the editor's text (or its box, while the editor still loads). */
export function focusEditor() {
  const box = document.getElementById(EDITOR_ID);
  const text = box?.querySelector<HTMLElement>(".cm-content");
  (text ?? box)?.focus();
}

/**
 * The lesson's skip link, first in the lesson: the keyboard reaches the editor in two Tabs (the
 * shell's "Skip to content", then this) instead of passing every link and button above it.
 */
export function SkipToEditor() {
  return (
    <a
      href={`#${EDITOR_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusEditor();
      }}
      className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium dark:focus:bg-slate-900"
    >
      Skip to the code editor
    </a>
  );
}

/** A neutral mark while the plain words load: the raw message never shows first. */
const WAITING = (
  <>
    <span aria-hidden="true">…</span>
    <span className="sr-only">Explaining the error</span>
  </>
);

function CheckFeedback({ result, action }: { result: RunResult; action: React.ReactNode }) {
  const state = useExplainer(result.status === "error" || result.status === "timeout");
  const explainer = state.status === "ready" ? state.explainer : undefined;
  if (result.status === "passed") {
    return (
      <Feedback tone="right" title="All checks passed!">
        Nice work. Continue when you are ready.
      </Feedback>
    );
  }
  if (result.status === "timeout") {
    const timeout = explainer?.TIMEOUT_EXPLANATION;
    return (
      <Feedback tone="wrong" title={timeout?.title ?? "Not yet. Try again."} action={action}>
        {timeout?.explanation ?? (state.status === "loading" ? WAITING : firstFailure(result))}
      </Feedback>
    );
  }
  if (result.status === "error") {
    const explained = explainer?.explainError(result.error?.message);
    return (
      <Feedback tone="wrong" title="Your code stopped with an error" action={action}>
        {explained
          ? explained.explanation
          : state.status === "loading"
            ? WAITING
            : result.error?.message}
      </Feedback>
    );
  }
  return (
    <Feedback tone="wrong" title="Not yet. Try again." action={action}>
      {firstFailure(result)}
    </Feedback>
  );
}

function IconButton(props: { label: string; onClick(): void; disabled?: boolean; text: string }) {
  return (
    <Button
      variant="ghost"
      size="xs"
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {/* The sign is decoration; the name is the words (no aria-label that the visible text
          would have to match: axe's label-content-name-mismatch). */}
      <span aria-hidden="true">{props.text}</span>
      <span className="sr-only">{props.label}</span>
    </Button>
  );
}

export function CodeLesson(props: LessonViewProps) {
  const { chapter, lesson, mode, userId, analytics, onPassed, onContinue, onSkip } = props;
  const work = useLessonFiles({ chapter, lesson, userId });
  const runner = useCodeRunner(lesson, analytics);
  const font = useEditorFontSize();
  const engineer = useIsCourseEngineer();
  const [checkResult, setCheckResult] = useState<RunResult>();
  const [passed, setPassed] = useState(false);
  const [solutionShown, setSolutionShown] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [preview, setPreview] = useState<{ result?: RunResult; error?: string }>();
  const [checks, setChecks] = useState(0);
  const [hintsShown, setHintsShown] = useState(0);
  const [asking, setAsking] = useState(false);
  const continueButton = useRef<HTMLButtonElement>(null);
  const tryAgainButton = useRef<HTMLButtonElement>(null);
  const output = useRef<HTMLDivElement>(null);
  useFocusAfterCheck(checks, passed, { next: continueButton, retry: tryAgainButton });
  const visible = useMemo(() => work.files.filter((f) => !f.hidden), [work.files]);
  const solution = lesson.solution ?? [];
  // The editor downloads while the learner's files are read from this device and the server.
  const starterFiles = lesson.executableContent.files;
  useEffect(() => preloadCodeEditor(starterFiles.map((f) => f.name)), [starterFiles]);
  // The first error of a session is explained at once, not after a download.
  useEffect(() => preloadExplainer(), []);

  const run = () => {
    // The last Check's verdict was about other code.
    setCheckResult(undefined);
    void runner.execute(work.files, "run");
  };
  const edit = (name: string, content: string) => {
    setCheckResult(undefined);
    work.setFile(name, content);
  };
  const check = async () => {
    setCheckResult(undefined);
    const result = await runner.execute(work.files, "check");
    if (!result) return;
    setCheckResult(result);
    if (result.status === "passed" && !passed) {
      setPassed(true);
      onPassed({ files: editableFiles(work.files) });
    }
    setChecks((n) => n + 1);
  };
  const busy = runner.running !== null || !work.ready;
  // On a phone the keyboard hides the action bar: the symbol row carries its actions.
  const barActions: SymbolBarAction[] = [
    {
      label: "Run",
      disabled: busy,
      pending: runner.running === "run",
      onPress: () => {
        run();
        output.current?.scrollIntoView({ block: "nearest" });
      },
    },
    passed
      ? {
          label: props.continueLabel,
          variant: "success",
          pending: props.continuePending,
          onPress: onContinue,
        }
      : {
          label: "Check",
          variant: "brand",
          disabled: busy,
          pending: runner.running === "check",
          onPress: () => void check(),
        },
  ];
  const showSolution = () => {
    setSolutionShown(true);
    track("show_solution", analytics);
  };
  const reset = () => {
    work.replace(lesson.executableContent.files);
    setNotice("Back to the starter code. Press Ctrl+Z (Cmd+Z on a Mac) in the editor to undo.");
  };
  const previewOnServer = async () => {
    setPreview(undefined);
    try {
      const result = await previewRunFiles({
        trackId: chapter.trackId,
        tutorialId: chapter.tutorialId,
        chapterId: chapter.id,
        lessonId: lesson.id,
        files: editableFiles(work.files),
      });
      setPreview({ result });
    } catch (error) {
      setPreview({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  const hintLimit = mode === "challenge" ? Math.min(1, lesson.hints.length) : lesson.hints.length;
  const lastResult = runner.result;
  // The AI tutor (issue 16) is for signed-in learners; it reads the lesson as it is at send time.
  const aiChat = userId ? (
    <Suspense fallback={null}>
      <TutorChat
        autoFocus={mode !== "tutor"}
        nested={mode === "tutor"}
        analytics={analytics}
        fileName={visible[0]?.name ?? ""}
        context={() => ({
          place: {
            trackId: chapter.trackId,
            tutorialId: chapter.tutorialId,
            chapterId: chapter.id,
            lessonId: lesson.id,
          },
          files: editableFiles(work.files),
          result: runner.result,
          hintsShown,
        })}
      />
    </Suspense>
  ) : undefined;

  return (
    <div className={LESSON.codeGrid}>
      <div className={LESSON.codeText}>
        <LessonHtml html={lesson.explanationHtml} />
        {mode === "tutor" ? (
          <TutorPanel
            hints={lesson.hints}
            lastResult={lastResult}
            analytics={analytics}
            canShowSolution={solution.length > 0 && !solutionShown}
            onShowSolution={showSolution}
            onHintShown={setHintsShown}
            aiChat={aiChat}
          />
        ) : (
          <Hints
            hints={lesson.hints}
            limit={hintLimit}
            analytics={analytics}
            onShown={setHintsShown}
          />
        )}
        {solutionShown ? (
          <SolutionPanel
            solution={solution}
            onApply={() => {
              work.replace(solution);
              track("apply_solution", analytics);
              setNotice("The solution is in the editor. Run it, then Check.");
            }}
            onHide={() => {
              setSolutionShown(false);
              track("hide_solution", analytics);
            }}
          />
        ) : (
          mode !== "tutor" &&
          solution.length > 0 && (
            <Button variant="ghost" size="sm" onClick={showSolution}>
              Show solution
            </Button>
          )
        )}
        {engineer && (
          <div className="space-y-2">
            <Button variant="secondary" onClick={() => void previewOnServer()}>
              Run on the server (preview)
            </Button>
            {preview?.error && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {preview.error}
              </p>
            )}
            {preview?.result && (
              <p className="text-sm" data-testid="server-preview">
                Server run: <strong>{preview.result.status}</strong>
                {firstFailure(preview.result) ? `: ${firstFailure(preview.result)}` : ""}
              </p>
            )}
          </div>
        )}
      </div>

      <div className={LESSON.codeSide}>
        <div className={LESSON.editorBox}>
          <div className={LESSON.editorBar}>
            <SaveStatusBadge status={work.status} />
            <fieldset className="ml-auto flex items-center gap-0.5 border-0 p-0">
              <legend className="sr-only">Editor settings</legend>
              <IconButton
                text="A−"
                label="Smaller text"
                onClick={font.smaller}
                disabled={!font.canShrink}
              />
              <span className="sr-only" aria-live="polite">
                Text size {font.size} pixels
              </span>
              <IconButton
                text="A+"
                label="Larger text"
                onClick={font.larger}
                disabled={!font.canGrow}
              />
              <Button variant="ghost" size="xs" className="ml-1" onClick={reset}>
                Reset
              </Button>
              {userId ? (
                <ShareDialog
                  className="ml-1"
                  prepare={work.saveNow}
                  source={{
                    kind: "lesson",
                    trackId: chapter.trackId,
                    tutorialId: chapter.tutorialId,
                    chapterId: chapter.id,
                    lessonId: lesson.id,
                  }}
                />
              ) : null}
            </fieldset>
          </div>
          <div id={EDITOR_ID} tabIndex={-1} className={LESSON.editorArea}>
            {work.ready ? (
              <SymbolBarActions actions={barActions}>
                <LazyCodeEditor
                  files={visible}
                  fontSize={font.size}
                  onChange={edit}
                  onRun={run}
                  onSave={work.saveNow}
                />
              </SymbolBarActions>
            ) : (
              <p className="p-4 text-sm text-slate-500">Opening your code…</p>
            )}
          </div>
          <p className="hidden border-t border-slate-200 px-3 py-1.5 text-[11px] text-slate-600 sm:block dark:border-slate-800 dark:text-slate-400">
            <kbd className="font-sans">Ctrl/⌘ + Enter</kbd> runs ·{" "}
            <kbd className="font-sans">Ctrl/⌘ + S</kbd> saves · <kbd className="font-sans">Esc</kbd>{" "}
            then <kbd className="font-sans">Tab</kbd> leaves the editor
          </p>
        </div>
        {notice && (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {notice}
          </p>
        )}
        {runner.loadError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {runner.loadError}
          </p>
        )}
        {checkResult && runner.running === null && (
          <CheckFeedback
            result={checkResult}
            action={
              <div className="flex flex-wrap gap-2">
                <TryAgain ref={tryAgainButton} onClick={focusEditor} />
                {aiChat && mode !== "tutor" && !asking && (
                  <AskAiButton onClick={() => setAsking(true)} />
                )}
                {userId && (
                  <AskCommunityButton
                    draft={() => ({
                      trackId: chapter.trackId,
                      tutorialId: chapter.tutorialId,
                      chapterId: chapter.id,
                      lessonId: lesson.id,
                      lessonTitle: lesson.title,
                      files: editableFiles(work.files).map((f) => ({
                        path: f.name,
                        content: f.content,
                      })),
                      failingCheck: firstFailure(checkResult),
                    })}
                  />
                )}
              </div>
            }
          />
        )}
        {asking && mode !== "tutor" && aiChat}
        <div ref={output} className="scroll-mb-20">
          <OutputPanel
            result={runner.result}
            running={runner.running !== null}
            liveConsole={runner.liveConsole}
            pendingInput={runner.pendingInput}
            previewRef={runner.previewRef}
            showPreview={runner.showPreview}
          />
        </div>
      </div>

      <div className="lg:col-span-2">
        <LessonActions onSkip={passed ? undefined : onSkip}>
          <Button
            variant="secondary"
            onClick={run}
            disabled={busy}
            pending={runner.running === "run"}
            data-runtime-ready={runner.runtimeReady}
          >
            Run
          </Button>
          {passed ? (
            <Button
              ref={continueButton}
              variant="success"
              onClick={onContinue}
              pending={props.continuePending}
            >
              {props.continueLabel}
            </Button>
          ) : (
            <Button
              variant="brand"
              onClick={() => void check()}
              disabled={busy}
              pending={runner.running === "check"}
            >
              Check
            </Button>
          )}
        </LessonActions>
      </div>
    </div>
  );
}
