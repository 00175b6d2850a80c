/**
 * Benchmark of the Node Python and SQL runners (issue 4): warm run medians for Python hello world
 * and an SQL query on a 1,000-row table, against the baseline of one `python3 -c` process per run
 * (what server-side runners do), measured in the same run. Run: npx tsx bench/runners-python-sql.bench.ts
 */
import { execFileSync } from "node:child_process";
import type { RunRequest } from "@lumen/contracts";
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

const python = createNodePythonRunner();
const sql = createNodeSqlRunner();
await Promise.all([python.preload(), sql.preload()]);

const pyOurs = await timeAsync(() =>
  runOk(python, {
    language: "python",
    files: [{ name: "main.py", content: 'print("Hello, world!")' }],
  }),
);
const pyBase = timeProcess("python3", ["-c", 'print("Hello, world!")']);
const sqlOurs = await timeAsync(() =>
  runOk(sql, { language: "sql", files: [{ name: "query.sql", content: QUERY }], seed: SEED }),
);
const sqlBase = timeProcess("python3", [
  "-c",
  `import sqlite3; db = sqlite3.connect(":memory:"); db.executescript(${JSON.stringify(SEED)}); print(db.execute(${JSON.stringify(QUERY)}).fetchall())`,
]);
await Promise.all([python.dispose(), sql.dispose()]);

const rows = [
  ["Python hello world", pyOurs, 30, pyBase],
  ["SQL query, 1,000 rows", sqlOurs, 10, sqlBase],
] as const;
console.log(
  `Warm run medians in Node, ${RUNS} runs each (baseline: one python3 -c process per run)\n`,
);
console.log("| case | ours (ms) | target (ms) | python3 -c (ms) | ours / baseline |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, ours, target, base] of rows) {
  console.log(
    `| ${name} | ${ours.toFixed(2)} | ≤ ${target} | ${base.toFixed(2)} | ${(ours / base).toFixed(3)} |`,
  );
}
