/**
 * `npm test`: everything, in the order that fails fastest — lint and format, type check, the
 * workspace boundaries (check-boundaries.mjs), unit and database tests, the web build,
 * end-to-end tests in Chromium, then the content checks. Prints each step's time and a closing
 * `N passed, N failed` line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "lumen-test-"));
const only = process.argv.slice(2);

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];

function run(name, command, args, env = {}) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n▶ ${name}: ${[path.basename(command), ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = (Date.now() - started) / 1000;
  timings.push([name, seconds]);
  if (result.status !== 0) {
    summary();
    console.error(`\n✖ ${name} failed after ${seconds.toFixed(1)} s`);
    process.exit(result.status ?? 1);
  }
}

function vitest(name, projects, extraEnv = {}) {
  const report = path.join(reports, `${name}.json`);
  const args = [
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
  run(name, bin("vitest"), args, extraEnv);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  }
}

function summary() {
  console.log("\nStep times:");
  for (const [name, seconds] of timings)
    console.log(`  ${name.padEnd(14)} ${seconds.toFixed(1)} s`);
}

run("lint", bin("biome"), ["check", "."]);
run("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
run("boundaries", process.execPath, [path.join(root, "scripts/check-boundaries.mjs")]);
vitest("unit+db", ["unit", "db"]);
// Canary values: the bundle test proves none of the server's settings reach the browser.
run("build", process.execPath, [path.join(root, "scripts/build.mjs")]);
vitest("e2e", ["e2e"]);
if (existsSync(path.join(root, "scripts/content-check.ts"))) {
  run("content", process.execPath, [
    path.join(root, "node_modules/tsx/dist/cli.mjs"),
    path.join(root, "scripts/content-check.ts"),
  ]);
}

summary();
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
