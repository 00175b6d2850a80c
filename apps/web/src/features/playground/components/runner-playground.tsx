/**
 * The runner playground (for course engineers): pick a language, edit its files, optional checks
 * and input lines, press Run, and see the result exactly as the lesson screen gets it (the result
 * contract, also shown as JSON). Bad inputs of issue 4 are one pick away, and Measure times
 * back-to-back runs of the current code in this browser.
 */
import { CODE_LANGUAGES, type CodeLanguage } from "@lumen/contracts";
import { Alert, Badge, Button, inputClasses } from "../../../ui/index.ts";
import { MEASURE_RUNS, usePlayground } from "../hooks/use-playground.ts";
import { BAD_INPUTS } from "../lib/samples.ts";
import { CodeField } from "./code-field.tsx";
import { RunResultView } from "./run-result-view.tsx";
import { UiKitGallery } from "./ui-kit-gallery.tsx";

/**
 * Idle time before each run of "Measure warm": far less than a learner's pause, enough to refill
 * the pre-started workers.
 */
const LEARNER_PAUSE_MS = 300;

const PAGE_LANGUAGES: CodeLanguage[] = ["html", "css", "jsx", "tsx"];

const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  javascript: "JavaScript",
  typescript: "TypeScript",
  jsx: "React (JSX)",
  tsx: "React (TSX)",
  html: "HTML",
  css: "CSS",
  python: "Python",
  sql: "SQL",
};

const fieldClass = inputClasses({ size: "sm", className: "mt-1" });
export function RunnerPlayground() {
  const playground = usePlayground();
  const { language, files, running, result, measurement, failure } = playground;
  const isPage = PAGE_LANGUAGES.includes(language);
  const badInputs = BAD_INPUTS[language] ?? [];
  return (
    <section aria-labelledby="playground-title" className="mx-auto max-w-6xl">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Badge tone="warning">Course engineers</Badge>
          <h1 id="playground-title" className="mt-2 text-3xl font-bold tracking-tight">
            Runner playground
          </h1>
          <p className="mt-1 max-w-2xl text-slate-600 dark:text-slate-300">
            Run code in any runtime, in this browser, and see the result a lesson would get.
          </p>
        </div>
      </header>

      <form
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900/50"
        onSubmit={(event) => {
          event.preventDefault();
          void playground.run();
        }}
      >
        <label className="block min-w-36 flex-1 text-sm font-medium sm:flex-none">
          Language
          <select
            className={fieldClass}
            value={language}
            onChange={(event) => playground.pick(event.target.value as CodeLanguage)}
          >
            {CODE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        {badInputs.length > 0 && (
          <label className="block min-w-36 flex-1 text-sm font-medium sm:flex-none">
            Bad input
            <select
              className={fieldClass}
              value=""
              onChange={(event) => playground.pickBadInput(event.target.value)}
            >
              <option value="">Pick one to try…</option>
              {badInputs.map((b) => (
                <option key={b.label} value={b.label}>
                  {b.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
          {running === "run" ? (
            <Button
              variant="danger"
              size="xl"
              onClick={playground.stop}
              className="flex-1 sm:flex-none"
            >
              Stop
            </Button>
          ) : null}
          <Button
            variant="secondary"
            size="xl"
            disabled={running !== null}
            onClick={() => void playground.measure(0)}
            title={`Runs the code ${MEASURE_RUNS} times back to back`}
            className="flex-1 sm:flex-none"
          >
            {running === "measure" ? "Measuring…" : "Measure"}
          </Button>
          <Button
            variant="secondary"
            size="xl"
            disabled={running !== null}
            onClick={() => void playground.measure(LEARNER_PAUSE_MS)}
            title={`Runs the code ${MEASURE_RUNS} times, ${LEARNER_PAUSE_MS} ms apart, each on a warm runtime`}
            className="flex-1 sm:flex-none"
          >
            Measure warm
          </Button>
          <Button
            type="submit"
            variant="brand"
            size="xl"
            disabled={running !== null}
            aria-keyshortcuts="Control+Enter"
            className="flex-1 sm:flex-none"
          >
            {running === "run" ? "Running…" : "Run"}
          </Button>
        </div>
      </form>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Code <span className="font-normal normal-case">· Ctrl+Enter runs</span>
          </h2>
          {files.map((file, index) => (
            <CodeField
              key={file.name}
              label={file.name}
              rows={Math.min(16, Math.max(6, file.content.split("\n").length + 1))}
              value={file.content}
              onRun={() => void playground.run()}
              onChange={(content) =>
                playground.setFiles(files.map((f, i) => (i === index ? { ...f, content } : f)))
              }
            />
          ))}
          {language === "sql" && (
            <CodeField
              label="Seed"
              hint="every run starts from it"
              rows={5}
              value={playground.seed}
              onChange={playground.setSeed}
              onRun={() => void playground.run()}
            />
          )}
          <CodeField
            label="Checks (optional)"
            rows={7}
            value={playground.checks}
            onChange={playground.setChecks}
            onRun={() => void playground.run()}
          />
          {language === "python" && (
            <CodeField
              label="Input lines (one per input() call)"
              rows={3}
              value={playground.stdin}
              onChange={playground.setStdin}
              onRun={() => void playground.run()}
            />
          )}
        </div>

        <div className="min-w-0 space-y-4" aria-live="polite" aria-busy={running !== null}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Result</h2>
          <section
            ref={playground.preview}
            aria-label="Preview"
            className={
              isPage
                ? "h-96 overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800"
                : "hidden"
            }
            data-testid="run-preview"
          />
          {failure && (
            <Alert asChild tone="danger" size="sm">
              <p role="alert">{failure}</p>
            </Alert>
          )}
          {measurement && (
            <p
              className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200"
              data-testid="measure-result"
            >
              {measurement.runs} runs{" "}
              {measurement.pauseMs > 0 ? `${measurement.pauseMs} ms apart` : "back to back"}: median{" "}
              <strong data-testid="measure-median">{measurement.medianMs.toFixed(1)} ms</strong>,
              fastest {measurement.minMs.toFixed(1)} ms, slowest {measurement.maxMs.toFixed(1)} ms.
            </p>
          )}
          {result ? (
            <RunResultView result={result} />
          ) : running ? (
            <p role="status" className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">
              {running === "measure" ? `Running ${MEASURE_RUNS} times…` : "Running…"}
            </p>
          ) : (
            !isPage && (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
                Press Run to see the console, the checks and the result.
              </p>
            )
          )}
        </div>
      </div>

      {/* Closed, its buttons stay out of the way of the tool's own. */}
      <details className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
        <summary className="cursor-pointer text-sm font-semibold">The UI kit</summary>
        <div className="mt-4">
          <UiKitGallery />
        </div>
      </details>
    </section>
  );
}
