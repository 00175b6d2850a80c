/**
 * A glossary term's example with its Run button (issue 17): the code as the server drew it, and
 * once run, what it printed, its table or its page, or its error, in a live region. A TypeScript
 * example also shows what the compiler found, above its output, as a lesson does (issue 20).
 */
import type { RunResult } from "@lumen/contracts";
import { GLOSSARY, isPageExample } from "@lumen/lesson-view";
import { useMemo } from "react";
import { TypeDiagnostics } from "../../lesson/components/type-diagnostics.tsx";
import { useExampleRun } from "../hooks/use-example-run.ts";

export function ExampleRunner({
  language,
  term,
  example,
}: {
  language: string;
  term: string;
  example: string;
}) {
  const { running, result, failure, preview, run } = useExampleRun(language, example);
  const isPage = useMemo(() => isPageExample(language, example), [language, example]);
  const started = running || result !== undefined || failure !== undefined;
  return (
    <div className={GLOSSARY.example}>
      <div className={GLOSSARY.exampleBar}>
        <p className={GLOSSARY.exampleLabel}>Example</p>
        <button
          type="button"
          className={GLOSSARY.run}
          onClick={() => void run()}
          disabled={running}
          aria-label={`Run the ${term} example`}
        >
          {running ? "Running…" : "Run"}
        </button>
      </div>
      {/* Focusable, so that a long line can be scrolled with the keyboard (as the server draws it). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs keyboard access (axe scrollable-region-focusable, WCAG 2.1.1). */}
      <pre className={GLOSSARY.code} tabIndex={0}>
        <code>{example.trimEnd()}</code>
      </pre>
      <section aria-label={`Output of the ${term} example`} aria-live="polite" hidden={!started}>
        {/* The compiler reports before the code runs: its errors come first, as in a lesson. */}
        {result?.diagnostics && result.diagnostics.length > 0 && (
          <div className="mt-3">
            <TypeDiagnostics diagnostics={result.diagnostics} />
          </div>
        )}
        {isPage && (
          <div
            ref={preview}
            className="mt-3 h-44 overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 [&_iframe]:h-full [&_iframe]:w-full [&_iframe]:border-0"
          />
        )}
        {failure && <p className={ERROR}>{failure}</p>}
        {result && (
          <ResultText result={result} showConsole={!isPage || result.console.length > 0} />
        )}
      </section>
    </div>
  );
}

const ERROR =
  "mt-3 break-words rounded-lg border border-red-200 bg-red-50 p-3 font-mono text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200";

function ResultText({ result, showConsole }: { result: RunResult; showConsole: boolean }) {
  const tables = result.output?.kind === "table" ? result.output.tables : [];
  const text = result.output?.kind === "text" ? result.output.text : undefined;
  const lines = result.console.map((entry) => entry.text).join("\n");
  return (
    <>
      {result.error && <p className={ERROR}>{result.error.message}</p>}
      {result.status === "timeout" && !result.error && (
        <p className={ERROR}>The example ran too long and was stopped.</p>
      )}
      {showConsole && tables.length === 0 && (lines || text || !result.error) && (
        <pre
          className="mt-3 max-h-60 overflow-auto whitespace-pre-wrap rounded-xl border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          data-testid="example-output"
        >
          {lines || text || "(no output)"}
        </pre>
      )}
      {tables.map((table, i) => (
        <div key={i} className="mt-3 overflow-x-auto" data-testid="example-output">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr>
                {table.columns.map((column, c) => (
                  <th
                    key={c}
                    scope="col"
                    className="border border-slate-200 bg-slate-50 px-2 py-1 text-left font-semibold dark:border-slate-700 dark:bg-slate-800"
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className="border border-slate-200 px-2 py-1 dark:border-slate-700">
                      {cell === null ? "NULL" : String(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}
