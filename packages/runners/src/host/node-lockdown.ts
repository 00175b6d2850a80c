/**
 * Node only, the second wall inside a runner's worker thread (the first is the OS sandbox, ADR
 * 0018): once the thread has loaded and warmed what it needs, it can no longer start a process.
 * Each thread has its own copy of Node's built-in modules, so this changes nothing elsewhere.
 * Pyodide implements `system()` with child_process, and a page script that escaped happy-dom's
 * realm would look for it too; both now get an error instead.
 */
import { createRequire, syncBuiltinESMExports } from "node:module";

const SPAWNERS = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"];

export function forbidProcesses(): void {
  const require = createRequire(import.meta.url);
  const childProcess = require("node:child_process") as Record<string, unknown>;
  for (const name of SPAWNERS) {
    childProcess[name] = () => {
      throw new Error("Starting programs is not allowed here.");
    };
  }
  // `import { spawn } from "node:child_process"` reads the same functions from now on.
  syncBuiltinESMExports();
}
