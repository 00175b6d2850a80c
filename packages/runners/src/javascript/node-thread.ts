/**
 * Worker-thread entry of the Node JavaScript runner: keeps the QuickJS WebAssembly module warm and
 * runs each request in a fresh QuickJS runtime (see quickjs-run.ts).
 */
import { parentPort } from "node:worker_threads";
import type { RunRequest } from "@lumen/contracts";
import { harnessScript } from "./bundle-harness.ts";
import { loadQuickJs, runInQuickJs } from "./quickjs-run.ts";

const port = parentPort!;
await Promise.all([loadQuickJs(), harnessScript()]);
// V8 compiles WebAssembly in tiers; a few runs at start make the first learner run a warm one.
for (let i = 0; i < 8; i++) {
  await runInQuickJs({ language: "javascript", files: [{ name: "index.js", content: "1" }] });
}
port.postMessage({ ready: true });
port.on("message", async ({ id, request }: { id: number; request: RunRequest }) => {
  port.postMessage({ id, value: await runInQuickJs(request) });
});
