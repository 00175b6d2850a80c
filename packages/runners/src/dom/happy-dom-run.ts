/**
 * Renders one page lesson in happy-dom and runs its checks there (the server side of the page
 * runner). The page's scripts run in Node's vm, which is not a security boundary: acceptable for
 * our own content and the course engineers' preview, and the thread around it caps the time.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { Window } from "happy-dom";
import { bundleScript } from "../host/bundle-script.ts";
import { RunCollector } from "../host/result.ts";
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

/**
 * In the browser the page is a sandboxed frame: `top` and `parent` are our page, and navigating
 * them throws a SecurityError. happy-dom's page is its own top and ignores the navigation without
 * a word, so a lesson would pass here and fail for the learner; this makes both say the same.
 */
function refuseTopNavigation(window: Window) {
  // An Error of the page's own realm, so that the harness there recognises it as one.
  const RealmError = (window as unknown as { Error: ErrorConstructor }).Error;
  const refuse = (url: unknown): never => {
    const error = new RealmError(
      `Failed to set a named property 'href' on 'Location': The current window does not have permission to navigate the target frame to '${String(url)}'.`,
    );
    error.name = "SecurityError";
    throw error;
  };
  const outside = Object.freeze(
    Object.create(null, {
      location: { get: () => ({ assign: refuse, replace: refuse }), set: refuse },
      postMessage: { value: () => {} },
    }),
  );
  for (const name of ["top", "parent"]) {
    Object.defineProperty(window, name, { configurable: true, get: () => outside });
  }
}

/**
 * happy-dom finds an input's datalist with the selector `datalist#{list}`, unescaped, so a value
 * such as `#diets` (a learner's slip) throws while the page is parsed and took the sandbox down.
 * Browsers look the id up as it is and find nothing; so does this.
 */
function browserLikeInputList(window: Window) {
  const proto = (window as unknown as { HTMLInputElement: { prototype: object } }).HTMLInputElement
    .prototype;
  Object.defineProperty(proto, "list", {
    configurable: true,
    get(this: { getAttribute(name: string): string | null; ownerDocument: Document }) {
      const id = this.getAttribute("list");
      const found = id ? this.ownerDocument.getElementById(id) : null;
      return found?.tagName === "DATALIST" ? found : null;
    },
  });
}

/** The run in progress: a promise rejection nothing handled is reported to its page's harness. */
let reportRejection: ((reason: unknown) => void) | undefined;

/**
 * For the thread's `unhandledRejection` listener: happy-dom fires no `unhandledrejection` on the
 * page, so Node's own event is where a page's rejected promise with no handler shows; the harness
 * reports it as the browser's page runtime does ("Uncaught (in promise)"). Answers whether a run
 * took it.
 */
export function reportUnhandledRejection(reason: unknown): boolean {
  if (!reportRejection) return false;
  reportRejection(reason);
  return true;
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
    refuseTopNavigation(window);
    browserLikeInputList(window);
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
    reportRejection = (reason) =>
      (harness as { uncaught(error: unknown, inPromise: boolean): void }).uncaught(reason, true);
    window.document.write(page.html);
    window.document.close();
    await Promise.race([
      window.happyDOM.waitUntilComplete(),
      new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
    ]);
    await realm.__lumenPage.runChecks(harness, request.checks);
  } finally {
    reportRejection = undefined;
    await window.happyDOM.abort();
    await window.happyDOM.close();
  }
  return collector.result();
}
