/**
 * Benchmark of the Node JavaScript runners (issue 4): warm run medians of the QuickJS runner for
 * JavaScript hello world, a TypeScript file, and a run with checks, and of the happy-dom page
 * runner for an HTML page with a check, against the baseline of one `node -e` process per run,
 * measured in the same run. Run: npx tsx bench/runners-js.bench.ts
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import type { RunRequest } from "@lumen/contracts";
import { createNodePageRunner } from "../packages/runners/src/dom/node.ts";
import { createNodeJavaScriptRunner } from "../packages/runners/src/javascript/node.ts";
import type { LanguageRunner } from "../packages/runners/src/types.ts";

const RUNS = 30;
const WARMUP = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeRuns(runner: LanguageRunner, request: RunRequest): Promise<number> {
  const once = async () => {
    const result = await runner.run(request);
    if (result.status !== "passed") {
      throw new Error(`benchmark run did not pass: ${JSON.stringify(result)}`);
    }
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await once();
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

const HELLO = 'console.log("Hello, world!");';
const CASES: Array<[string, "javascript" | "page", RunRequest, string]> = [
  [
    "JavaScript hello world",
    "javascript",
    { language: "javascript", files: [{ name: "index.js", content: HELLO }] },
    HELLO,
  ],
  [
    "TypeScript, interface and log",
    "javascript",
    {
      language: "typescript",
      files: [
        {
          name: "index.ts",
          content:
            'interface Planet { name: string; moons: number }\nconst earth: Planet = { name: "Earth", moons: 1 };\nconsole.log(earth);',
        },
      ],
    },
    'const earth = { name: "Earth", moons: 1 }; console.log(earth);',
  ],
  [
    "JavaScript with two checks",
    "javascript",
    {
      language: "javascript",
      files: [
        { name: "index.js", content: "const sum = (a, b) => a + b;\nconsole.log(sum(2, 3));" },
      ],
      checks:
        'test("adds", () => assertEqual(get("sum")(2, 3), 5, "Add."));\ntest("prints", () => assert(output.includes("5"), "Print."));',
    },
    "const sum = (a, b) => a + b; console.log(sum(2, 3)); if (sum(2, 3) !== 5) process.exit(1);",
  ],
  [
    "HTML page with a DOM check (happy-dom)",
    "page",
    {
      language: "html",
      files: [{ name: "index.html", content: "<h1>Hello</h1>" }],
      checks: 'test("heading", () => assertEqual(text("h1"), "Hello", "Say Hello."));',
    },
    HELLO,
  ],
];

const loadBefore = os.loadavg()[0] ?? 0;
const javascript = createNodeJavaScriptRunner();
const page = createNodePageRunner();
await Promise.all([javascript.preload(), page.preload()]);
const ours: number[] = [];
for (const [, family, request] of CASES) {
  ours.push(await timeRuns(family === "javascript" ? javascript : page, request));
}
await Promise.all([javascript.dispose(), page.dispose()]);
const baselines = CASES.map(([, , , code]) => timeProcess(process.execPath, ["-e", code]));
const loadAfter = os.loadavg()[0] ?? 0;

console.log(
  `JavaScript runners in Node (${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
);
console.log(
  `Warm medians: ${RUNS} runs after ${WARMUP} warm-up runs. Baseline: one node -e process per run, median of ${RUNS}.\n`,
);
console.log("| case | ours (ms) | target (ms) | node -e (ms) | ours / node -e |");
console.log("|---|---:|---:|---:|---:|");
CASES.forEach(([name], i) => {
  const target = i === 0 ? "≤ 10" : "—";
  console.log(
    `| ${name} | ${ours[i]!.toFixed(1)} | ${target} | ${baselines[i]!.toFixed(1)} | ${(ours[i]! / baselines[i]!).toFixed(3)} |`,
  );
});
