/**
 * The page runner in the learner's browser (html, css, jsx, tsx): the learner's document runs in
 * an iframe sandboxed without allow-same-origin (an opaque origin: no cookies, no storage, no
 * access to our page), without allow-top-navigation, under a policy with connect-src 'none'.
 * Its console, errors and check results come back by postMessage. A run's clock starts when the
 * frame says the learner's document starts, and its limit is stretched on a slow device (ADR 0023).
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { JobClock } from "../host/job-clock.ts";
import { RunCollector } from "../host/result.ts";
import { deliver } from "../host/sandbox-messages.ts";
import {
  deviceSpeed,
  effectiveLimitMs,
  NOT_STARTED_MESSAGE,
  START_LIMIT_MS,
} from "../host/time-limit.ts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { withValidHtml } from "./html-validity.ts";
import { buildPageDocument } from "./page-document.ts";

/** The sandbox documents (see assets.ts); React lessons get the one with React already loaded. */
const FRAME_URL = "/runtimes/page/frame.html";
const REACT_FRAME_URL = "/runtimes/page/react-frame.html";

/**
 * How long the sandbox document (React inside, for React lessons) may take to load before the
 * run gives up. Loading is not the learner's code: the time limit starts after it.
 */
export const FRAME_START_LIMIT_MS = 20_000;
/**
 * The document says it is ready from a script in its head, before it finishes loading. A frame
 * that finished loading without saying so shows an error page (offline: a sandboxed frame gets no
 * service worker); the run gives up this long after, not at FRAME_START_LIMIT_MS.
 */
const FRAME_LOADED_GRACE_MS = 2_000;

function hiddenContainer(): HTMLElement {
  // Checks read computed styles and layout, so the frame must be rendered, just not seen.
  const el = document.createElement("div");
  el.setAttribute("aria-hidden", "true");
  el.style.cssText =
    "position:fixed;left:-10000px;top:0;width:1024px;height:768px;pointer-events:none";
  document.body.append(el);
  return el;
}

export function createBrowserPageRunner(): LanguageRunner {
  let fallback: HTMLElement | undefined;
  return {
    async run(request: RunRequest, options?: RunOptions): Promise<RunResult> {
      const timeoutMs = request.timeoutMs ?? LIMITS.browserTimeoutMs;
      const collector = new RunCollector(options?.onConsole);
      const react = request.language === "jsx" || request.language === "tsx";
      const page = buildPageDocument(request);
      if (page.compileError) {
        const { message, file, line } = page.compileError;
        collector.addConsole({
          stream: "stderr",
          text: `${message}${line ? ` (${file}:${line})` : ""}`,
        });
        collector.setError(page.compileError);
        return withValidHtml(request, collector.result());
      }
      collector.output = { kind: "html", html: page.html };
      if (!options?.container) fallback ??= hiddenContainer();
      const container = options?.container ?? fallback!;
      for (const old of container.querySelectorAll("iframe[data-lumen-preview]")) old.remove();
      const frame = document.createElement("iframe");
      frame.dataset.lumenPreview = "";
      frame.title = "Preview";
      frame.setAttribute("sandbox", "allow-scripts allow-forms");
      frame.setAttribute("referrerpolicy", "no-referrer");
      frame.style.cssText = "width:100%;height:100%;border:0;background:#fff";
      frame.src = react ? REACT_FRAME_URL : FRAME_URL;

      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          clock.clear();
          window.removeEventListener("message", onMessage);
          options?.signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const stop = () => {
          // Removing the frame ends its scripts; the preview would otherwise keep a runaway loop.
          frame.remove();
          finish();
        };
        const notLoaded = () => {
          const message = "The page preview did not load. Check your connection and run again.";
          collector.addConsole({ stream: "stderr", text: message });
          collector.setError({ message });
          stop();
        };
        let ready = false;
        let started = false;
        let timer = setTimeout(notLoaded, FRAME_START_LIMIT_MS);
        frame.addEventListener(
          "load",
          () => {
            if (ready) return;
            clearTimeout(timer);
            timer = setTimeout(notLoaded, FRAME_LOADED_GRACE_MS);
          },
          { once: true },
        );
        const onAbort = () => {
          collector.setError({ message: "The run was stopped." });
          stop();
        };
        const clock = new JobClock(() => {
          collector.timeout(timeoutMs);
          stop();
        });
        const onMessage = (event: MessageEvent) => {
          if (event.source !== frame.contentWindow) return;
          const data = event.data as { type?: string; probeMs?: unknown };
          if (data?.type === "ready") {
            // Only the frame's own first message counts: the learner's page can post one too.
            if (ready) return;
            ready = true;
            deviceSpeed.record(data.probeMs);
            // The frame is loaded; the clock starts when the frame says the learner's page does.
            clearTimeout(timer);
            timer = setTimeout(() => {
              collector.setError({ message: NOT_STARTED_MESSAGE });
              stop();
            }, START_LIMIT_MS);
            frame.contentWindow?.postMessage(
              {
                type: "run",
                html: page.html,
                checks: request.checks,
                config: {
                  files: request.files.map((f) => f.name),
                  sources: Object.fromEntries(request.files.map((f) => [f.name, f.content])),
                  entry: request.entry ?? "index.html",
                  mode: "page",
                  maxOutputChars: LIMITS.maxOutputChars,
                  timers: "real",
                },
              },
              "*",
            );
            return;
          }
          const done = deliver(event.data, {
            console: (entry) => collector.addConsole(entry),
            test: (test) => collector.addTest(test),
            error: (error) => collector.setError(error),
            started: () => {
              // The frame's own "started" comes before any learner code, so it is the first;
              // the frame writes the learner's document once it has the answer.
              if (started) return;
              started = true;
              clearTimeout(timer);
              collector.markStarted();
              clock.start(effectiveLimitMs(timeoutMs, deviceSpeed.stretch()));
              frame.contentWindow?.postMessage({ type: "go" }, "*");
            },
          });
          if (done) finish();
        };
        options?.signal?.addEventListener("abort", onAbort);
        window.addEventListener("message", onMessage);
        container.append(frame);
      });
      return withValidHtml(request, collector.result());
    },
    async preload() {
      // Warms the HTTP cache for the sandbox documents (their scripts are inlined in them).
      await Promise.all(
        [FRAME_URL, REACT_FRAME_URL].map((url) => fetch(url).then((r) => r.arrayBuffer())),
      );
    },
    async dispose() {
      fallback?.remove();
      fallback = undefined;
    },
  };
}
