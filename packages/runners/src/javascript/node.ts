/**
 * The JavaScript and TypeScript runner on the server: QuickJS (WebAssembly) in a warm worker
 * thread, so learner code cannot reach the process, files or network, and a runaway run cannot
 * block the server's event loop.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { prebuildBundles } from "../host/bundle-script.ts";
import { processCpuMs } from "../host/cpu-time.ts";
import { RunCollector } from "../host/result.ts";
import { WarmThread } from "../host/warm-thread.ts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { HARNESS_ENTRY, REJECTIONS_ENTRY } from "./bundle-harness.ts";

/** Grace beyond the sandbox's own clock before the watchdog kills the thread. */
const WATCHDOG_GRACE_MS = 3_000;

export function createNodeJavaScriptRunner(): LanguageRunner {
  const thread = new WarmThread<RunRequest, RunResult>({
    url: new URL("./node-thread.ts", import.meta.url),
    cpuMs: processCpuMs,
    resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 16 },
    workerData: async () => ({ bundles: await prebuildBundles([HARNESS_ENTRY, REJECTIONS_ENTRY]) }),
  });
  return {
    async run(request: RunRequest, options?: RunOptions) {
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
      const outcome = await thread.run(request, timeoutMs + WATCHDOG_GRACE_MS);
      if (outcome.ok) {
        for (const entry of outcome.value.console) options?.onConsole?.(entry);
        return outcome.value;
      }
      const collector = new RunCollector(options?.onConsole);
      if (outcome.reason === "timeout") collector.timeout(timeoutMs);
      else {
        const message =
          "The JavaScript sandbox stopped unexpectedly (it may have run out of memory).";
        collector.addConsole({ stream: "stderr", text: message });
        collector.setError({ message });
      }
      return collector.result();
    },
    preload: () => thread.start(),
    dispose: () => thread.dispose(),
  };
}
