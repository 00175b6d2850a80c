/**
 * Worker-thread entry of the Node JavaScript runner: keeps the QuickJS WebAssembly module warm and
 * runs each request in a fresh QuickJS runtime (see quickjs-run.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { RunRequest } from "@lumen/contracts";
import { adoptBundles } from "../host/bundle-script.ts";
import { forbidProcesses } from "../host/node-lockdown.ts";
import { harnessScript } from "./bundle-harness.ts";
import { loadQuickJs, rejectionTrackerScript, runInQuickJs } from "./quickjs-run.ts";

const port = parentPort!;
adoptBundles((workerData as { bundles?: Record<string, string> } | undefined)?.bundles);
await Promise.all([loadQuickJs(), harnessScript(), rejectionTrackerScript()]);
// V8 compiles WebAssembly in tiers; a few runs at start make the first learner run a warm one.
for (let i = 0; i < 8; i++) {
  await runInQuickJs({ language: "javascript", files: [{ name: "index.js", content: "1" }] });
}
forbidProcesses();
port.postMessage({ ready: true });
port.on("message", async ({ id, request }: { id: number; request: RunRequest }) => {
  const { result, leaked } = await runInQuickJs(request);
  // A runtime left unfreed (a run stopped at its time limit) stays in this thread's WebAssembly
  // memory: the thread answers, then asks to be replaced by a fresh one (see host/warm-thread.ts).
  port.postMessage({ id, value: result, retire: leaked });
});
