/**
 * The script of the page sandbox document (/runtimes/page/frame.html), which the page runner
 * loads in an iframe sandboxed without allow-same-origin. It waits for one run message, says it
 * starts and, once the page answers, writes the learner's document into itself (inline scripts
 * need a document of our own origin's policy, which a srcdoc frame would not get), runs the
 * checks after load, and reports by postMessage.
 */
import type { HarnessConfig, HarnessHost } from "../host/harness/harness.ts";
import type { SandboxMessage } from "../host/sandbox-messages.ts";
import { measureSpeed } from "../host/speed-probe.ts";
import "./page-runtime.ts";

interface RunMessage {
  type: "run";
  html: string;
  config: HarnessConfig;
  checks?: string;
}

interface PageApi {
  install(config: HarnessConfig, host: HarnessHost, normalizeStyle: boolean): unknown;
  runChecks(harness: unknown, checks: string | undefined): Promise<void>;
}

// Kept before the learner's code can shadow `parent` or postMessage.
const owner = window.parent;
const send = (message: SandboxMessage) => owner.postMessage(message, "*");
const page = (globalThis as unknown as { __lumenPage: PageApi }).__lumenPage;

function start(message: RunMessage) {
  // document.open() drops the window's listeners, so ours are added after it.
  document.open();
  const harness = page.install(
    message.config,
    {
      console: (entry) => send({ type: "console", entry }),
      test: (test) => send({ type: "test", test }),
      error: (error) => send({ type: "error", error }),
    },
    false,
  );
  window.addEventListener("load", () => {
    void page.runChecks(harness, message.checks).finally(() => send({ type: "done" }));
  });
  // The page's clock starts at "started" (ADR 0023), and the learner's document is written only
  // once the page has it: this frame's messages leave only when its thread is free, which a
  // learner's endless loop would never let it be.
  window.addEventListener("message", function onGo(event: MessageEvent<{ type?: string }>) {
    if (event.source !== owner || event.data?.type !== "go") return;
    window.removeEventListener("message", onGo);
    document.write(message.html);
    document.close();
  });
  send({ type: "started" });
}

window.addEventListener("message", function onMessage(event: MessageEvent<RunMessage>) {
  if (event.source !== owner || event.data?.type !== "run") return;
  window.removeEventListener("message", onMessage);
  start(event.data);
});
send({ type: "ready", probeMs: measureSpeed() });
