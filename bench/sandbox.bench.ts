/**
 * What the sandbox costs (issue 11 part 1): warm run medians of a Python, a JavaScript and a page
 * check through the sandbox pool (a bubblewrap process, the IPC hop, the result parsed again)
 * against the same check on the in-process runners, measured in the same run. The target is a
 * sandboxed median within 2x of the unsandboxed one. Run: npx tsx bench/sandbox.bench.ts
 */
import os from "node:os";
import type { RunRequest } from "@lumen/contracts";
import { createNodeRunners, type NodeRunners } from "../packages/runners/src/node.ts";
import { createSandboxedRunners } from "../packages/runners/src/sandbox/index.ts";

const RUNS = 40;
const WARMUP = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const CHECKS: Array<[string, RunRequest]> = [
  [
    "Python check",
    {
      language: "python",
      files: [{ name: "main.py", content: 'name = "Ada"\nprint(f"Hello, {name}!")' }],
      checks: '@test("Greets Ada")\ndef _():\n    assert_equal(name, "Ada", "Set name to Ada.")',
    },
  ],
  [
    "JavaScript check",
    {
      language: "javascript",
      files: [{ name: "index.js", content: 'console.log("Hello, JavaScript!");' }],
      checks: 'test("Logs", () => { assertEqual(output, "Hello, JavaScript!", "Log it."); });',
    },
  ],
  [
    "Page check",
    {
      language: "html",
      files: [{ name: "index.html", content: "<h1>Hello, web!</h1>" }],
      checks:
        'test("Heading", () => { assertEqual(document.querySelector("h1").textContent, "Hello, web!", "Add the h1."); });',
    },
  ],
];

async function timeRuns(runners: NodeRunners, request: RunRequest) {
  const once = async () => {
    const result = await runners.run(request);
    if (result.status !== "passed") throw new Error(`did not pass: ${JSON.stringify(result)}`);
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

const inProcess = createNodeRunners();
const { support, runners: sandboxed } = await createSandboxedRunners({ size: 1 });
if (!sandboxed) throw new Error(`no sandbox here: ${JSON.stringify(support)}`);
console.log(
  `Sandbox: ${JSON.stringify(support)}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(`Warm medians of ${RUNS} runs after ${WARMUP} warm-up runs each.\n`);
console.log("| check | in-process | sandboxed | ratio | target ≤ 2× |");
console.log("|---|---:|---:|---:|---|");
let failed = false;
for (const [name, request] of CHECKS) {
  const plain = await timeRuns(inProcess, request);
  const boxed = await timeRuns(sandboxed, request);
  const ratio = boxed / plain;
  failed ||= ratio > 2;
  console.log(
    `| ${name} | ${plain.toFixed(1)} ms | ${boxed.toFixed(1)} ms | ${ratio.toFixed(2)}× | ${ratio <= 2 ? "met" : "MISSED"} |`,
  );
}
await Promise.all([inProcess.dispose(), sandboxed.dispose()]);
process.exitCode = failed ? 1 : 0;
