/**
 * One turn of the conversation (issue 18): the learner's message, then the agent's work as it
 * goes (its plan when it planned first, each edit and how it applied), its answer, its own check
 * (build and app), what it cost, and, with enableDiffView, the changes as a diff with Accept and
 * Undo.
 */
import type { BuildTurn } from "@lumen/contracts";
import { useState } from "react";
import { Alert, Badge, Button, Spinner } from "../../../ui/index.ts";
import { useFlag } from "../../flags/flags-provider.tsx";
import { TurnDiff } from "./turn-diff.tsx";

const METHOD: Record<string, string> = {
  exact: "exact match",
  whitespace: "matched ignoring spaces",
  rewrite: "whole file",
};

export interface TurnCardProps {
  turn: BuildTurn;
  /** Undo is offered for the latest finished turn only. */
  latest: boolean;
  onUndo(): Promise<void>;
  onAccept(): Promise<void>;
}

export function TurnCard({ turn, latest, onUndo, onAccept }: TurnCardProps) {
  const diffView = useFlag("enableDiffView");
  const [busy, setBusy] = useState<"undo" | "accept">();
  const [showDiff, setShowDiff] = useState(latest);
  const finished = turn.state === "done" || turn.state === "failed";
  const act = async (which: "undo" | "accept") => {
    setBusy(which);
    try {
      await (which === "undo" ? onUndo() : onAccept());
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <li className="space-y-2" aria-label={`Message ${turn.number}`}>
      <div className="ml-auto w-fit max-w-[90%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm text-white">
        {turn.prompt}
        {turn.image && <span className="mt-1 block text-xs opacity-80">With an image</span>}
      </div>
      <div className="max-w-[95%] space-y-2 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
        {turn.plan && (
          <div>
            <p className="font-semibold">Plan</p>
            <ol className="ml-5 list-decimal">
              {turn.plan.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        )}
        {turn.edits.length > 0 && (
          <ul className="space-y-0.5" aria-label="Edits">
            {turn.edits.map((edit, index) => (
              <li
                key={index}
                className={
                  edit.ok
                    ? "text-slate-700 dark:text-slate-300"
                    : "text-amber-800 dark:text-amber-300"
                }
              >
                {edit.ok ? "✓" : "✗"}{" "}
                {edit.action === "delete"
                  ? "Deleted"
                  : edit.action === "write"
                    ? "Wrote"
                    : "Edited"}{" "}
                <span className="break-all font-mono">{edit.path}</span>
                {edit.method && edit.ok ? ` (${METHOD[edit.method]})` : ""}
                {!edit.ok && edit.message ? `: ${edit.message}` : ""}
              </li>
            ))}
          </ul>
        )}
        {turn.state === "running" ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-300" role="status">
            <Spinner /> Working on it: writing, then checking that the app builds…
          </p>
        ) : (
          <>
            {turn.reply && <p className="whitespace-pre-wrap break-words">{turn.reply}</p>}
            {turn.error && (
              <Alert tone="danger" size="sm">
                {turn.error}
              </Alert>
            )}
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              {turn.buildOk !== null && (
                <Badge tone={turn.buildOk ? "success" : "warning"}>
                  {turn.buildOk ? "Builds" : "Build has errors"}
                </Badge>
              )}
              {turn.appOk !== null && (
                <Badge tone={turn.appOk ? "success" : "warning"}>
                  {turn.appOk ? "App answers" : "App not answering"}
                </Badge>
              )}
              {turn.state === "undone" && <Badge>Undone</Badge>}
              {turn.accepted && <Badge tone="brand">Accepted</Badge>}
              <span>
                {turn.credits} {turn.credits === 1 ? "credit" : "credits"} ·{" "}
                {(turn.inputTokens + turn.outputTokens).toLocaleString()} tokens
              </span>
            </p>
          </>
        )}
        {diffView && finished && turn.changes.length > 0 && (
          <div className="space-y-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={showDiff}
                onClick={() => setShowDiff((v) => !v)}
              >
                {showDiff
                  ? "Hide changes"
                  : `Show changes (${turn.changes.length} ${turn.changes.length === 1 ? "file" : "files"})`}
              </Button>
              {latest && !turn.accepted && (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    pending={busy === "accept"}
                    onClick={() => act("accept")}
                  >
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    pending={busy === "undo"}
                    onClick={() => act("undo")}
                  >
                    Undo
                  </Button>
                </>
              )}
            </div>
            {showDiff && <TurnDiff changes={turn.changes} />}
          </div>
        )}
      </div>
    </li>
  );
}
