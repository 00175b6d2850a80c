/**
 * Code challenge and project lessons: the instructions beside the editor, Run and Check, the
 * output panel, the solution, and (in the tutor) the tutor panel. The learner's files are kept
 * on every keystroke and saved to their account (useLessonFiles).
 */
import type { RunResult } from "@lumen/contracts";
import { LESSON } from "@lumen/lesson-view";
import { useEffect, useMemo, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { useEditorFontSize } from "../../../editor/font-size.ts";
import { LazyCodeEditor, preloadCodeEditor } from "../../../editor/lazy-code-editor.tsx";
import { useIsCourseEngineer } from "../../../shell/dev-feedback-toolbar.tsx";
import { Button } from "../../../ui/index.ts";
import { previewRunFiles } from "../api/saved-files-client.ts";
import { useCodeRunner } from "../hooks/use-code-runner.ts";
import { useExplainer } from "../hooks/use-explainer.ts";
import { useLessonFiles } from "../hooks/use-lesson-files.ts";
import type { LessonViewProps } from "../lib/lesson-view.ts";
import { editableFiles } from "../lib/merge-files.ts";
import { firstFailure } from "../lib/run-request.ts";
import { Hints } from "./hints.tsx";
import { LessonHtml } from "./lesson-html.tsx";
import { Feedback, LessonActions } from "./lesson-parts.tsx";
import { OutputPanel } from "./output-panel.tsx";
import { SaveStatusBadge } from "./save-status-badge.tsx";
import { SolutionPanel } from "./solution-panel.tsx";
import { TutorPanel } from "./tutor-panel.tsx";

function CheckFeedback({ result }: { result: RunResult }) {
  const explainer = useExplainer(result.status === "error" || result.status === "timeout");
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
      <Feedback tone="wrong" title={timeout?.title ?? "Not yet. Try again."}>
        {timeout?.explanation ?? firstFailure(result)}
      </Feedback>
    );
  }
  if (result.status === "error") {
    const explained = explainer?.explainError(result.error?.message);
    return (
      <Feedback tone="wrong" title="Your code stopped with an error">
        {explained ? explained.explanation : result.error?.message}
      </Feedback>
    );
  }
  return (
    <Feedback tone="wrong" title="Not yet. Try again.">
      {firstFailure(result)}
    </Feedback>
  );
}

function IconButton(props: { label: string; onClick(): void; disabled?: boolean; text: string }) {
  return (
    <Button
      variant="ghost"
      size="xs"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.text}
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
  const visible = useMemo(() => work.files.filter((f) => !f.hidden), [work.files]);
  const solution = lesson.solution ?? [];
  // The editor downloads while the learner's files are read from this device and the server.
  const starterFiles = lesson.executableContent.files;
  useEffect(() => preloadCodeEditor(starterFiles.map((f) => f.name)), [starterFiles]);

  const run = () => void runner.execute(work.files, "run");
  const check = async () => {
    const result = await runner.execute(work.files, "check");
    if (!result) return;
    setCheckResult(result);
    if (result.status === "passed" && !passed) {
      setPassed(true);
      onPassed({ files: editableFiles(work.files) });
    }
  };
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
          />
        ) : (
          <Hints hints={lesson.hints} limit={hintLimit} analytics={analytics} />
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
            </fieldset>
          </div>
          <div className={LESSON.editorArea}>
            {work.ready ? (
              <LazyCodeEditor
                files={visible}
                fontSize={font.size}
                onChange={work.setFile}
                onRun={run}
                onSave={work.saveNow}
              />
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
        {checkResult && runner.running === null && <CheckFeedback result={checkResult} />}
        <OutputPanel
          result={runner.result}
          running={runner.running !== null}
          liveConsole={runner.liveConsole}
          pendingInput={runner.pendingInput}
          previewRef={runner.previewRef}
          showPreview={runner.showPreview}
        />
      </div>

      <div className="lg:col-span-2">
        <LessonActions onSkip={passed ? undefined : onSkip}>
          <Button
            variant="secondary"
            onClick={run}
            disabled={runner.running !== null || !work.ready}
            data-runtime-ready={runner.runtimeReady}
          >
            {runner.running === "run" ? "Running…" : "Run"}
          </Button>
          {passed ? (
            <Button variant="success" onClick={onContinue}>
              {props.continueLabel}
            </Button>
          ) : (
            <Button
              variant="brand"
              onClick={() => void check()}
              disabled={runner.running !== null || !work.ready}
            >
              {runner.running === "check" ? "Checking…" : "Check"}
            </Button>
          )}
        </LessonActions>
      </div>
    </div>
  );
}
