/**
 * Runs one glossary example with the in-browser runners (issue 17): the request built by
 * @lumen/lesson-view's glossary-example.ts (the one content:check runs), a page's output drawn
 * in the preview element, the result or the failure kept for the example's output panel.
 */
import type { RunResult } from "@lumen/contracts";
import { exampleRequest } from "@lumen/lesson-view";
import { runInBrowser } from "@lumen/runners/browser";
import { useRef, useState } from "react";

export function useExampleRun(language: string, example: string) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunResult>();
  const [failure, setFailure] = useState<string>();
  const preview = useRef<HTMLDivElement>(null);

  async function run() {
    if (running) return;
    setRunning(true);
    setFailure(undefined);
    try {
      const request = exampleRequest(language, example);
      setResult(
        await runInBrowser(request, {
          container: preview.current ?? undefined,
          onInput: async () => "",
        }),
      );
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  }

  return { running, result, failure, preview, run };
}
