/**
 * Benchmark of the Node runners (issue 4), the server side of bench/runners-browser.bench.ts with
 * the same table: warm run medians for Python hello world, an SQL query on a 1,000-row table and
 * JavaScript hello world, and Python's cold "runtime ready", against baselines measured in the
 * same run: one `python3 -c` process per run (what server-side runners do) and Node's own `node -e`.
 * Run: npx tsx bench/runners-python-sql.bench.ts
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import type { RunRequest } from "@lumen/contracts";
import { createNodeJavaScriptRunner } from "../packages/runners/src/javascript/node.ts";
import { createNodePythonRunner } from "../packages/runners/src/python/node.ts";
import { createNodeSqlRunner } from "../packages/runners/src/sql/node.ts";
import type { LanguageRunner } from "../packages/runners/src/types.ts";

const RUNS = 30;
const WARMUP = 3;

const SEED = `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL);
WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 1000)
INSERT INTO items (name, price) SELECT 'item ' || x, x * 1.5 FROM n;`;
const QUERY = "SELECT name, price FROM items WHERE price > 700 ORDER BY price DESC LIMIT 20;";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

function timeProcess(file: string, args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    execFileSync(file, args, { stdio: "pipe" });
    times.push(performance.now() - started);
  }
  return median(times);
}

async function runOk(runner: LanguageRunner, request: RunRequest): Promise<void> {
  const result = await runner.run(request);
  if (result.status !== "passed")
    throw new Error(`benchmark run failed: ${JSON.stringify(result)}`);
}

const loadBefore = os.loadavg()[0] ?? 0;
const python = createNodePythonRunner();
const readyStarted = performance.now();
await python.preload();
const pyReady = performance.now() - readyStarted;
const sql = createNodeSqlRunner();
const javascript = createNodeJavaScriptRunner();
await Promise.all([sql.preload(), javascript.preload()]);

const pyOurs = await timeAsync(() =>
  runOk(python, {
    language: "python",
    files: [{ name: "main.py", content: 'print("Hello, world!")' }],
  }),
);
const sqlOurs = await timeAsync(() =>
  runOk(sql, { language: "sql", files: [{ name: "query.sql", content: QUERY }], seed: SEED }),
);
const jsOurs = await timeAsync(() =>
  runOk(javascript, {
    language: "javascript",
    files: [{ name: "index.js", content: 'console.log("Hello, world!");' }],
  }),
);
await Promise.all([python.dispose(), sql.dispose(), javascript.dispose()]);

const pyBase = timeProcess("python3", ["-c", 'print("Hello, world!")']);
const nodeBase = timeProcess(process.execPath, ["-e", 'console.log("Hello, world!")']);
const sqlBase = timeProcess("python3", [
  "-c",
  `import sqlite3; db = sqlite3.connect(":memory:"); db.executescript(${JSON.stringify(SEED)}); print(db.execute(${JSON.stringify(QUERY)}).fetchall())`,
]);
const loadAfter = os.loadavg()[0] ?? 0;

const rows: [string, number, string, string, number][] = [
  ["Python hello world, warm median", pyOurs, "≤ 30", "python3 -c", pyBase],
  ["SQL query on 1,000 rows, warm median", sqlOurs, "≤ 10", "python3 -c + sqlite3", sqlBase],
  ["JavaScript hello world, warm median", jsOurs, "≤ 10", "node -e", nodeBase],
  ["Python runtime ready, cold (worker thread)", pyReady, "—", "python3 -c", pyBase],
];
console.log(
  `Runners in Node (${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
);
console.log(
  `Warm medians: ${RUNS} runs after ${WARMUP} warm-up runs. Baselines: one process per run, median of ${RUNS}.\n`,
);
console.log("| case | Node (ms) | target (ms) | baseline | baseline (ms) | ours / baseline |");
console.log("|---|---:|---:|---|---:|---:|");
for (const [name, ours, target, baseline, base] of rows) {
  console.log(
    `| ${name} | ${ours.toFixed(1)} | ${target} | ${baseline} | ${base.toFixed(1)} | ${(ours / base).toFixed(3)} |`,
  );
}
