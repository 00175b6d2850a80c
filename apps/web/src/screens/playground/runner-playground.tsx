/**
 * The runner playground (for course engineers): pick a language, edit its files, optional checks
 * and input lines, press Run, and see the result as the lesson screen would get it.
 */
import { CODE_LANGUAGES, type CodeLanguage, type RunFile, type RunResult } from "@lumen/contracts";
import { preloadRuntime, runInBrowser } from "@lumen/runners/browser";
import { useEffect, useRef, useState } from "react";
import { RunResultView } from "./run-result-view.tsx";
import { SAMPLES } from "./samples.ts";

const PAGE_LANGUAGES: CodeLanguage[] = ["html", "css", "jsx", "tsx"];

export function RunnerPlayground() {
  const [language, setLanguage] = useState<CodeLanguage>("javascript");
  const [files, setFiles] = useState<RunFile[]>(SAMPLES.javascript.files);
  const [checks, setChecks] = useState(SAMPLES.javascript.checks);
  const [stdin, setStdin] = useState("");
  const [seed, setSeed] = useState("");
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunResult>();
  const [failure, setFailure] = useState<string>();
  const preview = useRef<HTMLElement>(null);

  useEffect(() => {
    preloadRuntime(language).catch((error: unknown) => setFailure(String(error)));
  }, [language]);

  function pick(next: CodeLanguage) {
    const sample = SAMPLES[next];
    setLanguage(next);
    setFiles(sample.files);
    setChecks(sample.checks);
    setStdin(sample.stdin);
    setSeed(sample.seed ?? "");
    setResult(undefined);
    setFailure(undefined);
  }

  async function run() {
    setRunning(true);
    setFailure(undefined);
    try {
      const answer = await runInBrowser(
        {
          language,
          files,
          checks: checks.trim() ? checks : undefined,
          stdin: stdin ? stdin.split("\n") : undefined,
          seed: language === "sql" && seed.trim() ? seed : undefined,
        },
        {
          container: preview.current ?? undefined,
          onInput: async (prompt) => window.prompt(prompt) ?? "",
        },
      );
      setResult(answer);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  }

  const isPage = PAGE_LANGUAGES.includes(language);
  return (
    <section aria-labelledby="playground-title" className="mx-auto max-w-6xl py-8">
      <h1 id="playground-title" className="text-3xl font-bold tracking-tight">
        Runner playground
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          <label className="block text-sm font-medium">
            Language
            <select
              className="mt-1 block w-full rounded-lg border px-3 py-2 dark:bg-slate-900"
              value={language}
              onChange={(event) => pick(event.target.value as CodeLanguage)}
            >
              {CODE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          {files.map((file, index) => (
            <label key={file.name} className="block text-sm font-medium">
              {file.name}
              <textarea
                className="mt-1 block h-48 w-full rounded-lg border p-2 font-mono text-sm dark:bg-slate-900"
                spellCheck={false}
                value={file.content}
                onChange={(event) =>
                  setFiles(
                    files.map((f, i) => (i === index ? { ...f, content: event.target.value } : f)),
                  )
                }
              />
            </label>
          ))}
          {language === "sql" && (
            <label className="block text-sm font-medium">
              Seed
              <textarea
                className="mt-1 block h-28 w-full rounded-lg border p-2 font-mono text-sm dark:bg-slate-900"
                spellCheck={false}
                value={seed}
                onChange={(event) => setSeed(event.target.value)}
              />
            </label>
          )}
          <label className="block text-sm font-medium">
            Checks (optional)
            <textarea
              className="mt-1 block h-36 w-full rounded-lg border p-2 font-mono text-sm dark:bg-slate-900"
              spellCheck={false}
              value={checks}
              onChange={(event) => setChecks(event.target.value)}
            />
          </label>
          {language === "python" && (
            <label className="block text-sm font-medium">
              Input lines (one per input() call)
              <textarea
                className="mt-1 block h-20 w-full rounded-lg border p-2 font-mono text-sm dark:bg-slate-900"
                value={stdin}
                onChange={(event) => setStdin(event.target.value)}
              />
            </label>
          )}
          <button
            type="submit"
            disabled={running}
            className="rounded-xl bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {running ? "Running…" : "Run"}
          </button>
        </form>
        <div className="space-y-4">
          <section
            ref={preview}
            aria-label="Preview"
            className={isPage ? "h-96 overflow-hidden rounded-lg border bg-white" : "hidden"}
            data-testid="run-preview"
          />
          {failure && (
            <p role="alert" className="text-red-700">
              {failure}
            </p>
          )}
          {result && <RunResultView result={result} />}
        </div>
      </div>
    </section>
  );
}
