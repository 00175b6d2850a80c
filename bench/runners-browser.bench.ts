/**
 * Benchmark of the in-browser runners (issue 4), in Chromium against the built server: warm run
 * medians for Python hello world, an SQL query on a 1,000-row table and JavaScript hello world
 * (each through runInBrowser, timed by the playground's Measure button as the course engineer),
 * and Python's cold "runtime ready" time from a warm and from an empty HTTP cache. The baselines
 * are measured in the same run: one `python3 -c` process per run and Node's own `node -e`.
 *
 * Run: node scripts/build.mjs && npx tsx bench/runners-browser.bench.ts
 * (WEB_DIST_DIR, as for the server, points it at another build.)
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { ROOT, startTestServer } from "../e2e/support/server.ts";

const BASELINE_RUNS = 20;
/**
 * Idle time after the warm-up run, before Measure, as a learner reading the output has: the
 * runtime finishes warming up (the JavaScript runner starts its spare workers only while no run
 * is in progress). Not timed.
 */
const SETTLE_MS = 1_000;
/** Fresh Python workers started from a warm HTTP cache. */
const COLD_STARTS = 5;
const ENGINEER = { email: "engineer@lumen.localhost", password: "engineer-demo" };
const DIST = process.env.WEB_DIST_DIR ?? path.join(ROOT, "apps/web/dist");

const SEED = `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL);
WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 1000)
INSERT INTO items (name, price) SELECT 'item ' || x, x * 1.5 FROM n;`;
const QUERY = "SELECT name, price FROM items WHERE price > 700 ORDER BY price DESC LIMIT 20;";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function timeProcess(file: string, args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < BASELINE_RUNS; i++) {
    const started = performance.now();
    execFileSync(file, args, { stdio: "pipe" });
    times.push(performance.now() - started);
  }
  return median(times);
}

const progress = (text: string) => process.stderr.write(`${text}\n`);

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/web/login?redirectUrl=%2Fweb%2Fplayground`);
  await page.getByLabel("Email").fill(ENGINEER.email);
  await page.getByLabel("Password", { exact: true }).fill(ENGINEER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${url}/web/playground`);
  await page.getByRole("heading", { level: 1, name: "Runner playground" }).waitFor();
}

/**
 * One Run to warm the runtime (and check the code passes), a second of idle time, then the
 * playground's Measure: 20 runInBrowser calls back to back, each timed by wall clock in the page.
 */
async function warmMedian(
  page: Page,
  language: string,
  file: string,
  code: string,
  seed?: string,
  button: "Measure" | "Measure warm" = "Measure",
): Promise<number> {
  await page.getByLabel("Language").selectOption(language);
  await page.getByLabel(file, { exact: true }).fill(code);
  if (seed !== undefined) await page.getByLabel("Seed", { exact: true }).fill(seed);
  await page.getByLabel("Checks (optional)", { exact: true }).fill("");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const status = await page.getByTestId("run-status").textContent({ timeout: 120_000 });
  if (status?.trim() !== "passed") {
    throw new Error(
      `${language} did not pass: ${await page.getByTestId("run-json").textContent()}`,
    );
  }
  await page.waitForTimeout(SETTLE_MS);
  await page.getByRole("button", { name: button, exact: true }).click();
  const text = await page.getByTestId("measure-median").textContent({ timeout: 120_000 });
  const ms = Number.parseFloat(text ?? "");
  if (!Number.isFinite(ms)) throw new Error(`no median for ${language}: ${text}`);
  return ms;
}

/**
 * From a fresh page, the time until a new Python worker says it is ready to run code, and
 * whether it got there from the build's memory snapshot.
 */
async function pythonReady(
  page: Page,
  url: string,
  workerUrl: string,
): Promise<{ ms: number; fromSnapshot: boolean }> {
  await page.goto(`${url}/`);
  return page.evaluate(async (src) => {
    const started = performance.now();
    const worker = new Worker(src, { type: "module" });
    try {
      const fromSnapshot = await new Promise<boolean>((resolve, reject) => {
        worker.addEventListener("message", (event: MessageEvent) => {
          const data = event.data as { type?: string; message?: string; fromSnapshot?: boolean };
          if (data.type === "ready") resolve(data.fromSnapshot === true);
          if (data.type === "crashed") reject(new Error(data.message));
        });
        worker.addEventListener("error", (event) => reject(new Error(event.message)));
        worker.postMessage({ type: "init" });
      });
      return { ms: performance.now() - started, fromSnapshot };
    } finally {
      worker.terminate();
    }
  }, workerUrl);
}

async function measureBrowser(browser: Browser, url: string) {
  const workerFile = readdirSync(path.join(DIST, "assets")).find((f) =>
    /^worker-python\.worker-.*\.js$/.test(f),
  );
  if (!workerFile) throw new Error(`no Python worker in ${DIST}/assets: build the web app first`);
  const workerUrl = `/assets/${workerFile}`;

  const empty = await browser.newContext();
  progress("Python ready, empty HTTP cache…");
  const coldEmpty = await pythonReady(await empty.newPage(), url, workerUrl);
  await empty.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, url);
  progress("warm runs: JavaScript…");
  // A broken runtime costs its own row only: the other figures still print.
  const js = await warmMedian(
    page,
    "javascript",
    "index.js",
    'console.log("Hello, world!");\n',
  ).catch((error: unknown) => error as Error);
  progress("warm runs: JavaScript at a learner's pace…");
  const jsPaced = await warmMedian(
    page,
    "javascript",
    "index.js",
    'console.log("Hello, world!");\n',
    undefined,
    "Measure warm",
  ).catch((error: unknown) => error as Error);
  progress("warm runs: Python…");
  const python = await warmMedian(page, "python", "main.py", 'print("Hello, world!")\n').catch(
    (error: unknown) => error as Error,
  );
  progress("warm runs: SQL…");
  const sql = await warmMedian(page, "sql", "query.sql", QUERY, SEED).catch(
    (error: unknown) => error as Error,
  );

  // The runs above filled this context's HTTP cache: each fresh page now starts Python from it.
  const readyTimes: number[] = [];
  let fromSnapshot = 0;
  for (let i = 0; i < COLD_STARTS; i++) {
    progress(`Python ready, warm HTTP cache ${i + 1}/${COLD_STARTS}…`);
    const fresh = await context.newPage();
    const ready = await pythonReady(fresh, url, workerUrl);
    readyTimes.push(ready.ms);
    if (ready.fromSnapshot) fromSnapshot++;
    await fresh.close();
  }
  await context.close();
  return { js, jsPaced, python, sql, coldEmpty: coldEmpty.ms, readyTimes, fromSnapshot };
}

if (!existsSync(path.join(DIST, "index.html"))) {
  throw new Error(`no web build in ${DIST}: run node scripts/build.mjs first`);
}
const loadBefore = os.loadavg()[0] ?? 0;
const [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
let figures: Awaited<ReturnType<typeof measureBrowser>>;
try {
  figures = await measureBrowser(browser, server.url);
} finally {
  await browser.close();
  await server.stop();
}

progress("baselines…");
const pythonBase = timeProcess("python3", ["-c", 'print("Hello, world!")']);
const nodeBase = timeProcess(process.execPath, ["-e", 'console.log("Hello, world!")']);
const sqlBase = timeProcess("python3", [
  "-c",
  `import sqlite3; db = sqlite3.connect(":memory:"); db.executescript(${JSON.stringify(SEED)}); print(db.execute(${JSON.stringify(QUERY)}).fetchall())`,
]);
const loadAfter = os.loadavg()[0] ?? 0;

const readyMedian = median(figures.readyTimes);
const rows: [string, number | Error, string, string, number][] = [
  ["Python hello world, warm median", figures.python, "≤ 30", "python3 -c", pythonBase],
  ["SQL query on 1,000 rows, warm median", figures.sql, "≤ 10", "python3 -c + sqlite3", sqlBase],
  ["JavaScript hello world, back to back, median", figures.js, "≤ 10", "node -e", nodeBase],
  [
    "JavaScript hello world, warm (300 ms apart), median",
    figures.jsPaced,
    "≤ 10",
    "node -e",
    nodeBase,
  ],
  [
    `Python runtime ready, cold, warm HTTP cache (median of ${COLD_STARTS})`,
    readyMedian,
    "≤ 2,500",
    "python3 -c",
    pythonBase,
  ],
  [
    "Python runtime ready, cold, empty HTTP cache",
    figures.coldEmpty,
    "—",
    "python3 -c",
    pythonBase,
  ],
];

console.log(
  `Runners in Chromium (${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
);
console.log(
  `Warm medians: 20 runInBrowser calls after one warm-up run and ${SETTLE_MS} ms idle, back to back unless "300 ms apart" (the idle time before each run is not timed). Baselines: one process per run, median of ${BASELINE_RUNS}.\n`,
);
console.log("| case | Chromium (ms) | target (ms) | baseline | baseline (ms) | ours / baseline |");
console.log("|---|---:|---:|---|---:|---:|");
const failures: string[] = [];
for (const [name, ours, target, baseline, base] of rows) {
  if (ours instanceof Error) failures.push(`${name}: ${ours.message}`);
  const figure = ours instanceof Error ? "failed" : ours.toFixed(1);
  const ratio = ours instanceof Error ? "—" : (ours / base).toFixed(3);
  console.log(`| ${name} | ${figure} | ${target} | ${baseline} | ${base.toFixed(1)} | ${ratio} |`);
}
console.log(
  `\nPython ready from a warm HTTP cache, each start (ms): ${figures.readyTimes.map((t) => t.toFixed(0)).join(", ")}; restored from the memory snapshot: ${figures.fromSnapshot} of ${COLD_STARTS}`,
);
for (const failure of failures) console.log(`\nFailed: ${failure}`);
if (failures.length > 0) process.exitCode = 1;
