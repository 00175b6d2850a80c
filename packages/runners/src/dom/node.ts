/**
 * The page runner on the server (html, css, jsx, tsx): happy-dom as the DOM for the lesson's
 * checks, React rendered with react-dom, all in a warm worker thread that is killed and replaced
 * when a page's script runs past the time limit.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { prebuildBundles } from "../host/bundle-script.ts";
import { processCpuMs } from "../host/cpu-time.ts";
import { RunCollector } from "../host/result.ts";
import { WarmThread } from "../host/warm-thread.ts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { withValidHtml } from "./html-validity.ts";

/** What the page thread renders with: made here, so the thread never starts esbuild. */
const PAGE_BUNDLES = [
  new URL("./page-runtime.ts", import.meta.url),
  new URL("./react-entry.ts", import.meta.url),
];

/** happy-dom has no clock of its own in a running script: the watchdog is the time limit. */
const WATCHDOG_GRACE_MS = 500;

export function createNodePageRunner(): LanguageRunner {
  const thread = new WarmThread<RunRequest, RunResult>({
    url: new URL("./node-thread.ts", import.meta.url),
    cpuMs: processCpuMs,
    resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: 8 },
    workerData: async () => ({ bundles: await prebuildBundles(PAGE_BUNDLES) }),
  });
  return {
    async run(request: RunRequest, options?: RunOptions) {
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
      const outcome = await thread.run(request, timeoutMs + WATCHDOG_GRACE_MS);
      if (outcome.ok) {
        for (const entry of outcome.value.console) options?.onConsole?.(entry);
        return withValidHtml(request, outcome.value);
      }
      const collector = new RunCollector(options?.onConsole);
      if (outcome.reason === "timeout") collector.timeout(timeoutMs);
      else {
        const message = "The page sandbox stopped unexpectedly (it may have run out of memory).";
        collector.addConsole({ stream: "stderr", text: message });
        collector.setError({ message });
      }
      return withValidHtml(request, collector.result());
    },
    preload: () => thread.start(),
    dispose: () => thread.dispose(),
  };
}
