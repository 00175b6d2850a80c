/** Shows a run's result in the playground: status and time, error, console, checks and tables. */
import type { RunResult } from "@lumen/contracts";

const STATUS_STYLE: Record<RunResult["status"], string> = {
  passed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  failed: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  error: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  timeout: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

const STREAM_STYLE = {
  stdout: "",
  stderr: "text-red-600 dark:text-red-400",
  info: "text-slate-500 italic",
} as const;

export function RunResultView({ result }: { result: RunResult }) {
  return (
    <div className="space-y-4" data-testid="run-result">
      <p className="flex items-center gap-3">
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[result.status]}`}
          data-testid="run-status"
        >
          {result.status}
        </span>
        <span className="text-sm text-slate-500" data-testid="run-duration">
          {result.durationMs.toFixed(1)} ms
        </span>
      </p>
      {result.error && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 font-mono text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {result.error.message}
          {result.error.file &&
            ` (${result.error.file}${result.error.line ? `, line ${result.error.line}` : ""})`}
        </p>
      )}
      <section aria-label="Console">
        <h3 className="mb-1 text-sm font-semibold">Console</h3>
        <pre
          className="max-h-80 overflow-auto rounded-lg bg-slate-950 p-3 text-sm text-slate-100"
          data-testid="run-console"
        >
          {result.console.map((entry, i) => (
            <div key={i} className={STREAM_STYLE[entry.stream]}>
              {entry.text}
            </div>
          ))}
        </pre>
      </section>
      {result.tests.length > 0 && (
        <section aria-label="Checks">
          <h3 className="mb-1 text-sm font-semibold">Checks</h3>
          <ul className="space-y-1" data-testid="run-tests">
            {result.tests.map((t) => (
              <li key={t.name} className="text-sm">
                <span aria-hidden="true">{t.status === "passed" ? "✓ " : "✗ "}</span>
                <span className="font-medium">{t.name}</span>
                {t.message && (
                  <span className="text-slate-600 dark:text-slate-300">: {t.message}</span>
                )}
                {t.expected !== undefined && (
                  <span className="ml-2 font-mono text-xs text-slate-500">
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
          <table key={i} className="w-full border-collapse text-sm">
            {table.statement && (
              <caption className="text-left font-mono text-xs">{table.statement}</caption>
            )}
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} className="border px-2 py-1 text-left">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className="border px-2 py-1 font-mono">
                      {cell === null ? "NULL" : String(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {result.output?.kind === "text" && <pre className="text-sm">{result.output.text}</pre>}
    </div>
  );
}
