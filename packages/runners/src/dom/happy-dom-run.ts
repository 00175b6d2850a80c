/**
 * Renders one page lesson in happy-dom and runs its checks there (the server side of the page
 * runner). The page's scripts run in Node's vm, which is not a security boundary: acceptable for
 * our own content and the course engineers' preview, and the thread around it caps the time.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { Window } from "happy-dom";
import { bundleScript } from "../javascript/bundle-harness.ts";
import { RunCollector } from "../javascript/result.ts";
import { LIMITS } from "../types.ts";
import { buildPageDocument } from "./page-document.ts";

/** Timers still pending after this long (a clock, an animation) do not hold the checks back. */
const SETTLE_MS = 1_000;

export function pageRuntimeScript(minify = false): Promise<string> {
  return bundleScript(new URL("./page-runtime.ts", import.meta.url), minify);
}

export function reactScript(minify = false): Promise<string> {
  return bundleScript(new URL("./react-entry.ts", import.meta.url), minify);
}

interface PageRealm {
  __lumenPage: {
    install(config: unknown, host: unknown, normalizeStyle: boolean): unknown;
    runChecks(harness: unknown, checks: string | undefined): Promise<void>;
  };
}

export async function runInHappyDom(request: RunRequest): Promise<RunResult> {
  const collector = new RunCollector();
  const react = request.language === "jsx" || request.language === "tsx";
  const page = buildPageDocument(request);
  if (page.compileError) {
    const { message, file, line } = page.compileError;
    collector.addConsole({
      stream: "stderr",
      text: `${message}${line ? ` (${file}:${line})` : ""}`,
    });
    collector.setError(page.compileError);
    return collector.result();
  }
  collector.output = { kind: "html", html: page.html };
  const [runtime, reactBundle] = await Promise.all([
    pageRuntimeScript(),
    react ? reactScript() : "",
  ]);
  const window = new Window({
    url: "https://lesson.invalid/",
    width: 1024,
    height: 768,
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      navigation: {
        disableMainFrameNavigation: true,
        disableChildFrameNavigation: true,
        disableChildPageNavigation: true,
      },
      fetch: {
        interceptor: {
          beforeAsyncRequest: async () => {
            throw new TypeError("Failed to fetch: a lesson page cannot reach the network.");
          },
          beforeSyncRequest: () => {
            throw new TypeError("A lesson page cannot reach the network.");
          },
        },
      },
    },
  });
  try {
    const realm = window as unknown as PageRealm & { eval(code: string): unknown };
    realm.eval(runtime);
    if (react) realm.eval(reactBundle);
    const harness = realm.__lumenPage.install(
      {
        files: request.files.map((f) => f.name),
        sources: Object.fromEntries(request.files.map((f) => [f.name, f.content])),
        entry: request.entry ?? "index.html",
        mode: "page",
        maxOutputChars: LIMITS.maxOutputChars,
        timers: "real",
      },
      {
        console: (entry: never) => collector.addConsole(entry),
        test: (test: never) => collector.addTest(test),
        error: (error: never) => collector.setError(error),
      },
      true,
    );
    window.document.write(page.html);
    window.document.close();
    await Promise.race([
      window.happyDOM.waitUntilComplete(),
      new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
    ]);
    await realm.__lumenPage.runChecks(harness, request.checks);
  } finally {
    await window.happyDOM.abort();
    await window.happyDOM.close();
  }
  return collector.result();
}
