/**
 * Worker-thread entry of the Node page runner: keeps the bundled page runtime and React warm and
 * renders each request in a new happy-dom window (see happy-dom-run.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { RunRequest } from "@lumen/contracts";
import { adoptBundles } from "../host/bundle-script.ts";
import { forbidProcesses } from "../host/node-lockdown.ts";
import {
  pageRuntimeScript,
  reactScript,
  reportUnhandledRejection,
  runInHappyDom,
} from "./happy-dom-run.ts";

const port = parentPort!;
// A page's promise rejected with no handler: reported to the run's page as the browser does,
// never the end of this thread (Node ends a thread on an unhandled rejection by default).
process.on("unhandledRejection", (reason) => {
  reportUnhandledRejection(reason);
});
adoptBundles((workerData as { bundles?: Record<string, string> } | undefined)?.bundles);
await Promise.all([pageRuntimeScript(), reactScript()]);
forbidProcesses();
port.postMessage({ ready: true });
port.on("message", async ({ id, request }: { id: number; request: RunRequest }) => {
  port.postMessage({ id, value: await runInHappyDom(request) });
});
