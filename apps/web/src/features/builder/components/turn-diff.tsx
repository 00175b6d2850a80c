/**
 * A turn's changes as a diff (issue 18, enableDiffView): each file the turn touched, its lines
 * removed and added with a few lines of context (jsdiff's structured patch), marked by sign and
 * by words for screen readers, not by colour alone.
 */
import type { BuildChange } from "@lumen/contracts";
import { structuredPatch } from "diff";

export function TurnDiff({ changes }: { changes: BuildChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-slate-500">No files changed.</p>;
  return (
    <div className="space-y-3">
      {changes.map((change) => {
        const patch = structuredPatch(
          change.path,
          change.path,
          change.before ?? "",
          change.after ?? "",
          undefined,
          undefined,
          { context: 2 },
        );
        const what =
          change.before === null ? "new file" : change.after === null ? "deleted" : "changed";
        return (
          <figure
            key={change.path}
            className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700"
          >
            <figcaption className="flex justify-between gap-2 bg-slate-100 px-3 py-1.5 text-xs font-semibold dark:bg-slate-800">
              <span className="break-all font-mono">{change.path}</span>
              <span>{what}</span>
            </figcaption>
            <pre className="max-h-80 overflow-auto text-xs leading-5">
              {patch.hunks.map((hunk) => (
                <code key={`${hunk.oldStart}-${hunk.newStart}`} className="block">
                  <span className="block bg-slate-50 px-3 text-slate-500 dark:bg-slate-900 dark:text-slate-400">
                    Lines {hunk.newStart}–{hunk.newStart + Math.max(0, hunk.newLines - 1)}
                  </span>
                  {hunk.lines.map((line, index) => {
                    const sign = line[0];
                    const tone =
                      sign === "+"
                        ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
                        : sign === "-"
                          ? "bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100"
                          : "text-slate-700 dark:text-slate-300";
                    return (
                      <span
                        key={index}
                        className={`block whitespace-pre-wrap break-all px-3 ${tone}`}
                      >
                        {sign === "+" || sign === "-" ? (
                          <span className="sr-only">{sign === "+" ? "added: " : "removed: "}</span>
                        ) : null}
                        {line}
                      </span>
                    );
                  })}
                </code>
              ))}
            </pre>
          </figure>
        );
      })}
    </div>
  );
}
