/**
 * Start-up time of `npm start`: cold (no web build, no database folder) and warm (both present),
 * measured to the "ready at" line, next to a baseline measured in the same run: a bare Node HTTP
 * server starting and listening. Run: node bench/startup.bench.mjs
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");

function timeToReady(command, args, env, pattern) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    let ms;
    child.stdout.on("data", (d) => {
      out += d;
      if (ms === undefined && pattern.test(out)) {
        ms = performance.now() - started;
        child.kill("SIGTERM");
      }
    });
    child.once("exit", (code) =>
      ms === undefined ? reject(new Error(`exited ${code} before ready:\n${out}`)) : resolve(ms),
    );
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-"));
const env = { PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" };
const npmStart = [path.join(root, "scripts/start.mjs")];

const baseline = await timeToReady(
  process.execPath,
  ["-e", "require('http').createServer((q,s)=>s.end()).listen(0,()=>console.log('ready at x'))"],
  {},
  /ready at/,
);
rmSync(path.join(root, "apps/web/dist"), { recursive: true, force: true });
const cold = await timeToReady(process.execPath, npmStart, env, /ready at/);
const warm = [];
for (let i = 0; i < 3; i++)
  warm.push(await timeToReady(process.execPath, npmStart, env, /ready at/));
rmSync(dataDir, { recursive: true, force: true });
warm.sort((a, b) => a - b);

const row = (name, ms) =>
  console.log(
    `${name.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${(ms / baseline).toFixed(0).padStart(5)}× baseline`,
  );
console.log("start-up to 'ready at' on this machine");
row("baseline: bare node http server", baseline);
row("npm start, cold (build + new db)", cold);
row("npm start, warm (median of 3)", warm[1]);
console.log(
  `targets: cold < 60 s ${cold < 60_000 ? "met" : "MISSED"}, warm < 5 s ${warm[1] < 5_000 ? "met" : "MISSED"}`,
);
