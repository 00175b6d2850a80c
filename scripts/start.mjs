/**
 * `npm start`: build the web app if its sources changed, then run the server (which migrates the
 * database, seeds what is missing and serves http://localhost:3000).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb } from "./build.mjs";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");

const result = buildWeb();
if (result.built) console.log(`Built the web app in ${(result.ms / 1000).toFixed(1)} s.`);

// tsx as a loader in the server's process (not its CLI, whose signal relay kills a server that is
// slow to confirm a SIGTERM), so that a stop is always the server's own graceful one.
const child = spawn(
  process.execPath,
  ["--import", "tsx", path.join(root, "apps/server/src/main.ts")],
  {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
