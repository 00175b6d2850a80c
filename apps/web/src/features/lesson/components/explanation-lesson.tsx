/** An explanation lesson: the text, and its example to run and play with (not saved). */

import { LESSON } from "@lumen/lesson-view";
import { useMemo, useState } from "react";
import { LazyCodeEditor } from "../../../editor/lazy-code-editor.tsx";
import { Button, Card } from "../../../ui/index.ts";
import { useCodeRunner } from "../hooks/use-code-runner.ts";
import type { LessonViewProps } from "../lib/lesson-view.ts";
import { LessonHtml } from "./lesson-html.tsx";
import { LessonActions } from "./lesson-parts.tsx";
import { OutputPanel } from "./output-panel.tsx";

function Example({ props }: { props: LessonViewProps }) {
  const { lesson, analytics } = props;
  const [files, setFiles] = useState(() => (lesson.example ?? []).filter((f) => !f.hidden));
  const hidden = useMemo(() => (lesson.example ?? []).filter((f) => f.hidden), [lesson.example]);
  const runner = useCodeRunner({ ...lesson, checks: undefined }, analytics);
  const run = () => void runner.execute([...files, ...hidden], "run");
  return (
    <section aria-label="Example" className="mt-6 space-y-3">
      <Card surface="flat" padding="none" className="overflow-hidden">
        <div className="h-48">
          <LazyCodeEditor
            files={files}
            fontSize={15}
            label="Example code"
            onRun={run}
            onChange={(name, content) =>
              setFiles((current) => current.map((f) => (f.name === name ? { ...f, content } : f)))
            }
          />
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Try changing the example, then run it.
          </p>
          <Button
            variant="secondary"
            onClick={run}
            disabled={runner.running !== null}
            pending={runner.running !== null}
          >
            Run example
          </Button>
        </div>
      </Card>
      {runner.loadError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {runner.loadError}
        </p>
      )}
      {(runner.result || runner.running || runner.showPreview) && (
        <OutputPanel
          result={runner.result}
          running={runner.running !== null}
          liveConsole={runner.liveConsole}
          pendingInput={runner.pendingInput}
          previewRef={runner.previewRef}
          showPreview={runner.showPreview}
        />
      )}
    </section>
  );
}

export function ExplanationLesson(props: LessonViewProps) {
  const { lesson, onPassed, onContinue, continueLabel, continuePending } = props;
  return (
    <div className={LESSON.column}>
      <LessonHtml html={lesson.explanationHtml} />
      {lesson.example && lesson.example.length > 0 && <Example props={props} />}
      <LessonActions>
        <Button
          variant="brand"
          pending={continuePending}
          onClick={() => {
            onPassed({});
            onContinue();
          }}
        >
          {continueLabel}
        </Button>
      </LessonActions>
    </div>
  );
}
