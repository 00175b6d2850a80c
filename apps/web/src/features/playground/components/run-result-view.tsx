/**
 * Shows a run's result in the playground: status and time, the error with the learner's file and
 * line, the console, the checks with the author's messages, SQL tables, and the raw result
 * contract as JSON (what the lesson screen and the API receive).
 */
import type { RunResult } from "@lumen/contracts";

const STATUS_STYLE: Record<RunResult["status"], string> = {
  passed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  failed: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  error: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  timeout: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
};

const STREAM_STYLE = {
  stdout: "text-slate-100",
  stderr: "text-red-300",
  info: "text-sky-300 italic",
} as const;

export function RunResultView({ result }: { result: RunResult }) {
  const passed = result.tests.filter((t) => t.status === "passed").length;
  return (
    <div className="space-y-4" data-testid="run-result">
      <p className="flex flex-wrap items-center gap-3">
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[result.status]}`}
          data-testid="run-status"
        >
          {result.status}
        </span>
        <span className="text-sm text-slate-500 dark:text-slate-400" data-testid="run-duration">
          {result.durationMs.toFixed(1)} ms
        </span>
        {result.tests.length > 0 && (
          <span className="text-sm text-slate-500 dark:text-slate-400">
            {passed} of {result.tests.length} checks passed
          </span>
        )}
      </p>
      {result.error && (
        <p
          role="alert"
          className="break-words rounded-lg border border-red-200 bg-red-50 p-3 font-mono text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          data-testid="run-error"
        >
          {result.error.message}
          {result.error.file &&
            ` (${result.error.file}${result.error.line ? `, line ${result.error.line}` : ""})`}
        </p>
      )}
      <section aria-label="Console">
        <h3 className="mb-1 text-sm font-semibold">
          Console{" "}
          <span className="font-normal text-slate-500 dark:text-slate-400">
            · {result.console.length} {result.console.length === 1 ? "line" : "lines"}
          </span>
        </h3>
        <pre
          className="max-h-80 min-h-12 overflow-auto rounded-lg bg-slate-950 p-3 text-sm leading-6 ring-1 ring-slate-800"
          data-testid="run-console"
        >
          {result.console.map((entry, i) => (
            <div key={i} className={`whitespace-pre-wrap break-all ${STREAM_STYLE[entry.stream]}`}>
              {entry.text}
            </div>
          ))}
        </pre>
      </section>
      {result.tests.length > 0 && (
        <section aria-label="Checks">
          <h3 className="mb-1 text-sm font-semibold">Checks</h3>
          <ul className="space-y-2" data-testid="run-tests">
            {result.tests.map((t) => (
              <li
                key={t.name}
                className={`rounded-lg border p-2.5 text-sm ${
                  t.status === "passed"
                    ? "border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/50"
                    : "border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/50"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={t.status === "passed" ? "text-emerald-600" : "text-amber-600"}
                >
                  {t.status === "passed" ? "✓ " : "✗ "}
                </span>
                <span className="font-medium">{t.name}</span>
                {t.message && (
                  <span className="text-slate-700 dark:text-slate-300">: {t.message}</span>
                )}
                {t.expected !== undefined && (
                  <span className="mt-1 block break-all font-mono text-xs text-slate-600 dark:text-slate-400">
                    expected {t.expected}, got {t.actual}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.output?.kind === "table" &&
        result.output.tables.map((table, i) => (
          <div key={i} className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              {table.statement && (
                <caption className="mb-1 text-left font-mono text-xs text-slate-500">
                  {table.statement}
                </caption>
              )}
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th
                      key={c}
                      className="border border-slate-200 bg-slate-50 px-2 py-1 text-left dark:border-slate-700 dark:bg-slate-900"
                    >
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td
                        key={c}
                        className="border border-slate-200 px-2 py-1 font-mono dark:border-slate-700"
                      >
                        {cell === null ? "NULL" : String(cell)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {result.output?.kind === "text" && <pre className="text-sm">{result.output.text}</pre>}
      <details className="rounded-lg border border-slate-200 text-sm dark:border-slate-800">
        <summary className="cursor-pointer px-3 py-2 font-medium">Result as JSON</summary>
        <pre
          className="max-h-96 overflow-auto border-t border-slate-200 p-3 font-mono text-xs dark:border-slate-800"
          data-testid="run-json"
        >
          {JSON.stringify(result, null, 2)}
        </pre>
      </details>
    </div>
  );
}
