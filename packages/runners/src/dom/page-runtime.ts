/**
 * Runs inside a page sandbox (the browser's opaque-origin frame, or happy-dom on the server),
 * before the learner's document is written: installs the harness, replaces blocking dialogs with
 * console lines, forwards uncaught errors, and after load runs the lesson's checks.
 */

import { evalGlobal } from "../host/harness/global-eval.ts";
import { createHarness, type HarnessConfig, type HarnessHost } from "../host/harness/harness.ts";
import { checksWrapper } from "../host/wrappers.ts";
import { normalizeColors } from "./css-color.ts";

type Harness = ReturnType<typeof createHarness>;

function install(config: HarnessConfig, host: HarnessHost, normalizeStyle: boolean): Harness {
  const g = globalThis as unknown as Record<string, unknown> & Window;
  const harness = createHarness(config, host);
  g.__lumen = harness;
  const say = (text: string) => host.console({ stream: "info", text });
  // alert() would freeze the learner's page and ours; a console line says the same thing.
  g.alert = (message?: unknown) => say(`alert: ${message === undefined ? "" : String(message)}`);
  g.confirm = (message?: unknown) => {
    say(`confirm: ${String(message ?? "")} (answered Cancel)`);
    return false;
  };
  g.prompt = (message?: unknown) => {
    say(`prompt: ${String(message ?? "")} (answered nothing)`);
    return null;
  };
  g.addEventListener("error", (event: ErrorEvent) => {
    // Learner scripts carry a sourceURL of their file name, so filename/lineno are theirs.
    const file = event.filename?.slice(event.filename.lastIndexOf("/") + 1);
    harness.uncaught(event.error ?? new Error(event.message), false, {
      file,
      line: event.lineno || undefined,
      column: event.colno || undefined,
    });
    event.preventDefault();
  });
  g.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    harness.uncaught(event.reason, true);
    event.preventDefault();
  });
  if (normalizeStyle) {
    const style = g.style as (selector: string, property: string) => string | null;
    g.style = (selector: string, property: string) => {
      const value = style(selector, property);
      return value === null ? null : normalizeColors(value);
    };
  }
  return harness;
}

async function runChecks(harness: Harness, checks: string | undefined): Promise<void> {
  if (!checks?.trim()) return;
  try {
    // Indirect eval: the checks see the page's globals, as a script of the page would.
    await evalGlobal(`${checksWrapper(checks)}\n//# sourceURL=checks.js`);
  } catch (error) {
    harness.uncaught(error);
    return;
  }
  await harness.runTests();
}

(globalThis as Record<string, unknown>).__lumenPage = { install, runChecks };
