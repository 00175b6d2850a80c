/**
 * Benchmark of issue 13, item 4: what type-checking TypeScript costs a learner. In Chromium
 * against the built server:
 * - the bytes the compiler adds (the worker with the compiler bundled in, the ES2022 and DOM
 *   libs, React's types for TSX), as stored and as sent (brotli), against the JavaScript
 *   sandbox worker every JavaScript and TypeScript lesson loads anyway;
 * - the time to first diagnostics in a fresh compiler worker: from `new Worker` to the answer
 *   for `let planet: string = 42;`, with an empty HTTP cache (cold) and a warm one (a returning
 *   learner), then a check in the warm worker, and the first TSX check (React's types load);
 *   against the JavaScript sandbox worker's time to ready in the same contexts;
 * - a learner's Run on the lesson screen, click to the printed line, on a TypeScript lesson (the
 *   type check comes first) and on a JavaScript lesson (no compiler), both after the page is idle.
 *
 * Run: node scripts/build.mjs && npx tsx bench/typescript.bench.ts
 * (WEB_DIST_DIR, as for the server, points it at another build.)
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { ROOT, startTestServer } from "../e2e/support/server.ts";

const DIST = process.env.WEB_DIST_DIR ?? path.join(ROOT, "apps/web/dist");
const WARM_WORKERS = 5;
const WARM_CHECKS = 20;
const RUNS = 5;
const TS_WORKER = "/runtimes/typescript/worker.js";
const PLANET = "let planet: string = 42;\nconsole.log(planet);\n";
const TYPESCRIPT_LESSON = "/web/track/5/tutorial/501/chapter/50101/learn?lesson=1";
const JAVASCRIPT_LESSON = "/web/track/2/tutorial/201/chapter/20101/learn?lesson=1";

const progress = (text: string) => process.stderr.write(`${text}\n`);

/** tsx names the functions it compiles with a helper the page lacks: the page gets its own. */
async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  return context;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function sizes(file: string) {
  const full = path.join(DIST, file);
  const size = (f: string) => (existsSync(f) ? statSync(f).size : Number.NaN);
  return { raw: size(full), br: size(`${full}.br`), gz: size(`${full}.gz`) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

interface WorkerTimes {
  /** new Worker to its "ready" (the compiler evaluated, lib.json parsed, a first check warmed). */
  ready: number;
  /** new Worker to the diagnostics of the first check. */
  first: number;
  /** Further checks of the same code in the same worker. */
  again: number[];
  /** The first TSX check in that worker: React's types are fetched and parsed. */
  tsx: number;
  found: string;
}

/** A fresh compiler worker on `page`: ready, first diagnostics, warm checks, first TSX check. */
function compilerWorker(page: Page, checks: number): Promise<WorkerTimes> {
  return page.evaluate(
    async ({ src, code, checks }) => {
      const started = performance.now();
      const worker = new Worker(src, { name: "typescript" });
      let nextId = 1;
      let ready = 0;
      const waiting = new Map<number, (value: { diagnostics: { message: string }[] }) => void>();
      const isReady = new Promise<void>((resolve, reject) => {
        worker.addEventListener("message", (event: MessageEvent) => {
          const data = event.data as {
            type: string;
            id?: number;
            message?: string;
            diagnostics?: { message: string }[];
          };
          if (data.type === "ready") {
            ready = performance.now() - started;
            resolve();
          } else if (data.type === "failed") reject(new Error(data.message));
          else if (data.id !== undefined) {
            waiting.get(data.id)?.({ diagnostics: data.diagnostics ?? [] });
          }
        });
        worker.addEventListener("error", (event) => reject(new Error(event.message)));
      });
      const check = (files: { name: string; content: string }[], jsx: boolean) =>
        new Promise<{ diagnostics: { message: string }[] }>((resolve) => {
          const id = nextId++;
          waiting.set(id, resolve);
          worker.postMessage({ type: "check", id, files, jsx });
        });
      try {
        // Posted at once, as the lesson does: the worker answers once it is ready.
        const answer = await check([{ name: "index.ts", content: code }], false);
        const first = performance.now() - started;
        await isReady;
        const again: number[] = [];
        for (let i = 0; i < checks; i++) {
          const t = performance.now();
          await check([{ name: "index.ts", content: `${code}// ${i}\n` }], false);
          again.push(performance.now() - t);
        }
        const t = performance.now();
        await check(
          [
            {
              name: "App.tsx",
              content:
                "export default function App() {\n  const title: number = 'Hi';\n  return <h1>{title}</h1>;\n}\n",
            },
          ],
          true,
        );
        const tsx = performance.now() - t;
        return { ready, first, again, tsx, found: answer.diagnostics[0]?.message ?? "(none)" };
      } finally {
        worker.terminate();
      }
    },
    { src: TS_WORKER, code: PLANET, checks },
  );
}

/** The JavaScript sandbox worker (what every JS and TS lesson starts): new Worker to "ready". */
function javascriptWorker(page: Page, src: string): Promise<number> {
  return page.evaluate(async (src) => {
    const started = performance.now();
    const worker = new Worker(src, { type: "module", name: "js-sandbox" });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.addEventListener("message", (event: MessageEvent) => {
          if ((event.data as { type?: string })?.type === "ready") resolve();
        });
        worker.addEventListener("error", (event) => reject(new Error(event.message)));
      });
      return performance.now() - started;
    } finally {
      worker.terminate();
    }
  }, src);
}

async function writeCode(page: Page, code: string) {
  const editor = page.locator("[data-testid=code-editor] .cm-content");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

/** Click on Run (in the page) to the first DOM change that shows `prints` in the console. */
function timedRun(page: Page, prints: string): Promise<number> {
  return page.evaluate(async (prints) => {
    const console = () => document.querySelector("[data-testid=run-console]")?.textContent ?? "";
    const button = [...document.querySelectorAll("button")].find(
      (b) => b.textContent?.trim() === "Run",
    );
    if (!button) throw new Error("no Run button");
    return new Promise<number>((resolve, reject) => {
      let started = 0;
      const timer = setTimeout(() => reject(new Error(`no "${prints}" after 60 s`)), 60_000);
      const observer = new MutationObserver(() => {
        if (!started || !console().includes(prints)) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      started = performance.now();
      button.click();
    });
  }, prints);
}

/** Opens a lesson, waits until its runtime says ready and the network is quiet, then times Runs. */
async function lessonRuns(context: BrowserContext, url: string, address: string, code: string) {
  const page = await context.newPage();
  await page.goto(url + address);
  await page.locator("[data-testid=code-editor] .cm-content").waitFor();
  await page.locator('button[data-runtime-ready="true"]').first().waitFor({ timeout: 60_000 });
  // The compiler loads beside the runtime: give it the time a learner spends reading.
  await page.waitForTimeout(3_000);
  await writeCode(page, code);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.waitForTimeout(300);
    times.push(await timedRun(page, "42"));
  }
  await page.close();
  return times;
}

async function measure(browser: Browser, url: string) {
  const jsWorker = readdirSync(path.join(DIST, "assets")).find((f) =>
    /^worker-js-sandbox\.worker-.*\.js$/.test(f),
  );
  if (!jsWorker) throw new Error(`no JavaScript sandbox worker in ${DIST}/assets`);
  const jsWorkerUrl = `/assets/${jsWorker}`;

  progress("empty HTTP cache: the compiler worker, then the JavaScript worker…");
  const empty = await newContext(browser);
  const emptyPage = await empty.newPage();
  await emptyPage.goto(`${url}/`);
  const cold = await compilerWorker(emptyPage, WARM_CHECKS);
  await empty.close();
  const emptyJs = await newContext(browser);
  const emptyJsPage = await emptyJs.newPage();
  await emptyJsPage.goto(`${url}/`);
  const coldJs = await javascriptWorker(emptyJsPage, jsWorkerUrl);
  await emptyJs.close();

  const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await compilerWorker(page, 0);
  await javascriptWorker(page, jsWorkerUrl);
  const warm: WorkerTimes[] = [];
  const warmJs: number[] = [];
  for (let i = 0; i < WARM_WORKERS; i++) {
    progress(`warm HTTP cache, fresh workers ${i + 1}/${WARM_WORKERS}…`);
    warm.push(await compilerWorker(page, 0));
    warmJs.push(await javascriptWorker(page, jsWorkerUrl));
  }
  await page.close();

  progress("lesson Runs: TypeScript…");
  const tsRuns = await lessonRuns(context, url, TYPESCRIPT_LESSON, PLANET);
  progress("lesson Runs: JavaScript…");
  const jsRuns = await lessonRuns(
    context,
    url,
    JAVASCRIPT_LESSON,
    "let planet = 42;\nconsole.log(planet);\n",
  );
  await context.close();
  return { cold, coldJs, warm, warmJs, tsRuns, jsRuns };
}

if (!existsSync(path.join(DIST, "runtimes/typescript/worker.js"))) {
  throw new Error(`no compiler in ${DIST}/runtimes/typescript: run node scripts/build.mjs first`);
}
const loadBefore = os.loadavg()[0] ?? 0;
const [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
let figures: Awaited<ReturnType<typeof measure>>;
try {
  figures = await measure(browser, server.url);
} finally {
  await browser.close();
  await server.stop();
}
const loadAfter = os.loadavg()[0] ?? 0;

const jsWorkerFile = readdirSync(path.join(DIST, "assets")).find((f) =>
  /^worker-js-sandbox\.worker-.*\.js$/.test(f),
)!;
const files = [
  ["compiler worker (typescript 5.9.3 bundled, minified)", "runtimes/typescript/worker.js"],
  ["ES2022 + DOM libs (lib.json)", "runtimes/typescript/lib.json"],
  ["React's types + csstype, TSX only (react.json)", "runtimes/typescript/react.json"],
  ["baseline: the JavaScript sandbox worker", `assets/${jsWorkerFile}`],
] as const;

console.log(
  `TypeScript in Chromium (${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).\n`,
);
console.log("| file | stored (kB) | brotli, as sent (kB) | gzip (kB) |");
console.log("|---|---:|---:|---:|");
let addedRaw = 0;
let addedBr = 0;
for (const [name, file] of files) {
  const s = sizes(file);
  if (!name.startsWith("baseline")) {
    addedRaw += s.raw;
    addedBr += s.br;
  }
  console.log(`| ${name} | ${kb(s.raw)} | ${kb(s.br)} | ${kb(s.gz)} |`);
}
console.log(`| compiler total (TSX lesson) | ${kb(addedRaw)} | ${kb(addedBr)} | |`);

const { cold, coldJs, warm, warmJs, tsRuns, jsRuns } = figures;
const warmFirst = median(warm.map((w) => w.first));
const warmReady = median(warm.map((w) => w.ready));
const warmTsx = median(warm.map((w) => w.tsx));
console.log(
  `\nFirst check's answer: "${cold.found}". Warm HTTP cache: median of ${WARM_WORKERS} fresh workers; checks in a warm worker: median of ${WARM_CHECKS}.\n`,
);
console.log("| case | TypeScript (ms) | baseline: JS sandbox worker ready (ms) |");
console.log("|---|---:|---:|");
console.log(
  `| fresh worker, empty HTTP cache (cold): ready | ${cold.ready.toFixed(0)} | ${coldJs.toFixed(0)} |`,
);
console.log(
  `| fresh worker, empty HTTP cache (cold): first diagnostics | ${cold.first.toFixed(0)} | ${coldJs.toFixed(0)} |`,
);
console.log(
  `| fresh worker, warm HTTP cache: ready | ${warmReady.toFixed(0)} | ${median(warmJs).toFixed(1)} |`,
);
console.log(
  `| fresh worker, warm HTTP cache: first diagnostics | ${warmFirst.toFixed(0)} | ${median(warmJs).toFixed(1)} |`,
);
console.log(`| check in a warm worker | ${median(cold.again).toFixed(1)} | — |`);
console.log(
  `| first TSX check in a warm worker (React's types load) | ${warmTsx.toFixed(0)} | — |`,
);
console.log(
  `\nLesson Run, click to the printed line, after the page is idle (median of ${RUNS}, 300 ms apart):`,
);
console.log("| lesson | median (ms) | each (ms) |");
console.log("|---|---:|---|");
console.log(
  `| TypeScript (5010102: type check, then run) | ${median(tsRuns).toFixed(1)} | ${tsRuns.map((t) => t.toFixed(0)).join(", ")} |`,
);
console.log(
  `| baseline: JavaScript (2010102: run only) | ${median(jsRuns).toFixed(1)} | ${jsRuns.map((t) => t.toFixed(0)).join(", ")} |`,
);
console.log(
  `\nWarm HTTP cache, each fresh worker's first diagnostics (ms): ${warm.map((w) => w.first.toFixed(0)).join(", ")}`,
);
