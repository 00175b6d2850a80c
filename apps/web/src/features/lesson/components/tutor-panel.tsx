/**
 * The tutor beside a lesson: the author's hints one at a time, the last error in plain words,
 * then the solution; with a signed-in learner, the AI tutor's chat (issue 16, `aiChat`).
 */
import type { RunResult } from "@lumen/contracts";
import { type ReactNode, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { Button } from "../../../ui/index.ts";
import { type ExplainerState, useExplainer } from "../hooks/use-explainer.ts";
import { firstFailure } from "../lib/run-request.ts";
import { Hints } from "./hints.tsx";

export function lastProblem(result: RunResult | undefined, state: ExplainerState) {
  if (!result || result.status === "passed") return undefined;
  const explainer = state.status === "ready" ? state.explainer : undefined;
  // An error or a time limit waits for its plain words rather than show the raw message first.
  if (state.status === "loading" && (result.status === "error" || result.status === "timeout")) {
    return { message: undefined, title: "Reading the error…", explanation: undefined };
  }
  if (result.status === "timeout" && explainer) {
    return { message: undefined, ...explainer.TIMEOUT_EXPLANATION };
  }
  const message = result.error?.message ?? firstFailure(result);
  const explained = explainer?.explainError(result.error?.message);
  if (explained) return { message, ...explained };
  if (result.status === "failed" && message) {
    return {
      message: undefined,
      title: "A check did not pass yet",
      explanation: message,
    };
  }
  return message ? { message, title: "Your code stopped", explanation: undefined } : undefined;
}

export function TutorPanel({
  hints,
  lastResult,
  analytics,
  canShowSolution,
  onShowSolution,
  onHintShown,
  aiChat,
}: {
  hints: string[];
  lastResult: RunResult | undefined;
  analytics: Record<string, string | number>;
  canShowSolution: boolean;
  onShowSolution(): void;
  onHintShown?: (count: number) => void;
  /** The AI tutor's chat (features/ai), when the learner is signed in. */
  aiChat?: ReactNode;
}) {
  const [hintsDone, setHintsDone] = useState(hints.length === 0);
  // The tutor's job is explaining errors: fetch the explanations as soon as it opens.
  const problem = lastProblem(lastResult, useExplainer(true));
  return (
    <aside
      aria-label="Tutor"
      className="space-y-4 rounded-2xl border border-violet-200 bg-violet-50/60 p-4 dark:border-violet-900 dark:bg-violet-950/30"
      data-testid="tutor-panel"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-violet-900 dark:text-violet-100">
        <span
          aria-hidden="true"
          className="flex h-6 w-6 items-center justify-center rounded-full bg-violet-600 text-xs text-white"
        >
          ✦
        </span>
        Tutor
      </h2>
      {hints.length > 0 ? (
        <Hints
          hints={hints}
          analytics={analytics}
          onAllShown={() => setHintsDone(true)}
          onShown={onHintShown}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          This lesson has no hints. Run your code and I will explain any error.
        </p>
      )}
      <div aria-live="polite">
        {problem && (
          <div
            className="rounded-xl bg-white p-3 text-sm shadow-sm dark:bg-slate-900"
            data-testid="tutor-explanation"
          >
            <p className="font-semibold text-slate-900 dark:text-white">{problem.title}</p>
            {problem.explanation && (
              <p className="mt-1 leading-6 text-slate-700 dark:text-slate-300">
                {problem.explanation}
              </p>
            )}
            {problem.message && (
              <p className="mt-2 font-mono text-xs break-words text-slate-500 dark:text-slate-400">
                {problem.message}
              </p>
            )}
          </div>
        )}
      </div>
      {aiChat}
      {canShowSolution && (
        <div>
          {!hintsDone && (
            <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
              Try the hints first; the solution is here when you need it.
            </p>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              track("tutor_interaction", { ...analytics, action: "solution" });
              onShowSolution();
            }}
          >
            Show the solution
          </Button>
        </div>
      )}
    </aside>
  );
}
