/**
 * `npm run bench -- machines` (issue 18): the app builder's local machines. Prints, for the blank
 * template's app in development mode:
 * - cold start: a new machine (workspace written, sandbox made) until its app answers;
 * - warm start: the same machine stopped and started again (workspace and files kept);
 * - memory per idle machine: what its cgroup holds once the app has answered a page and rests;
 * - how many such machines one 2-core, 24 GB host holds, by memory and by the CPU they use idle.
 * The baseline, measured in the same run: the same app started with plain Node outside any
 * sandbox, so the sandbox's own cost is the difference. Figures are medians of a few rounds.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sandboxSupport } from "@lumen/runners/sandbox";
import { createLocalDriver } from "../apps/server/src/machines/local-driver.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const TEMPLATE = path.join(ROOT, "templates/apps/base");
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const IDLE_MACHINES = Number(process.env.IDLE_MACHINES ?? 3);
const HOST_MEMORY = 24 * 1024 ** 3;
const HOST_RESERVED = 4 * 1024 ** 3; // the server, its database and the check sandboxes
const HOST_CPUS = 2;

function templateFiles(): Array<{ path: string; content: string }> {
  const files: Array<{ path: string; content: string }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push({ path: path.relative(TEMPLATE, full), content: readFileSync(full, "utf8") });
    }
  };
  walk(TEMPLATE);
  return files;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

function getPage(socketPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: "/", headers: { host: "app.localhost" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.once("error", reject);
    req.end();
  });
}

async function baseline(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lumen-bench-plain-"));
  for (const file of templateFiles()) {
    const target = path.join(dir, file.path);
    await import("node:fs/promises").then((fs) =>
      fs
        .mkdir(path.dirname(target), { recursive: true })
        .then(() => fs.writeFile(target, file.content)),
    );
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const socket = path.join(dir, "app.sock");
  const started = performance.now();
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/main.ts"], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), APP_SOCKET: socket, NODE_ENV: "development" },
    stdio: "ignore",
  });
  for (;;) {
    try {
      if ((await getPage(socket)) > 0) break;
    } catch {}
    await delay(50);
  }
  const took = performance.now() - started;
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  return took;
}

const support = await sandboxSupport();
if (!support.available) {
  console.error(`machines bench: no sandbox here (${support.missing})`);
  process.exit(1);
}
const root = mkdtempSync(path.join(os.tmpdir(), "lumen-bench-machines-"));
const driver = createLocalDriver({
  root,
  nodeModules: path.join(ROOT, "node_modules"),
  asRoot: support.user === "own-uid",
  startTimeoutMs: 180_000,
});
const limits = {
  memoryBytes: 768 * 1024 ** 2,
  cpus: 1,
  processes: 256,
  diskBytes: 512 * 1024 ** 2,
};
const files = templateFiles();
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function answer(machineId: string) {
  const address = await driver.address(machineId);
  if (address?.kind !== "socket") throw new Error(`machine ${machineId} has no socket`);
  return getPage(address.path);
}

const baselines: number[] = [];
const colds: number[] = [];
const warms: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await baseline());
    const machineId = id(round + 1);
    const started = performance.now();
    await driver.create({
      id: machineId,
      ownerId: "bench",
      role: "preview",
      mode: "development",
      limits,
    });
    await driver.writeFiles(machineId, files);
    await driver.start(machineId);
    const status = await driver.waitFor(machineId, ["running", "failed"], 180_000);
    if (status?.state !== "running") throw new Error(`cold start failed: ${status?.reason}`);
    await answer(machineId);
    colds.push(performance.now() - started);
    await driver.stop(machineId);
    const again = performance.now();
    await driver.start(machineId);
    await driver.waitFor(machineId, ["running", "failed"], 180_000);
    await answer(machineId);
    warms.push(performance.now() - again);
    await driver.destroy(machineId);
  }

  // Idle machines side by side: each has answered its page once, then rests.
  const idle: string[] = [];
  for (let n = 0; n < IDLE_MACHINES; n++) {
    const machineId = id(100 + n);
    await driver.create({
      id: machineId,
      ownerId: "bench",
      role: "preview",
      mode: "development",
      limits,
    });
    await driver.writeFiles(machineId, files);
    await driver.start(machineId);
    await driver.waitFor(machineId, ["running", "failed"], 180_000);
    await answer(machineId);
    idle.push(machineId);
  }
  await delay(5_000);
  const before = await Promise.all(idle.map((m) => driver.status(m)));
  await delay(10_000);
  const after = await Promise.all(idle.map((m) => driver.status(m)));
  const memory = median(after.map((s) => s?.usage?.memoryBytes ?? 0));
  const idleCpu =
    median(after.map((s, i) => (s?.usage?.cpuMs ?? 0) - (before[i]?.usage?.cpuMs ?? 0))) / 10_000;
  for (const m of idle) await driver.destroy(m);

  const byMemory = memory > 0 ? Math.floor((HOST_MEMORY - HOST_RESERVED) / memory) : Number.NaN;
  const byLimit = Math.floor((HOST_MEMORY - HOST_RESERVED) / limits.memoryBytes);
  const byCpu = idleCpu > 0 ? Math.floor(HOST_CPUS / idleCpu) : Number.POSITIVE_INFINITY;
  console.log(
    `machines bench (${ROUNDS} rounds, ${IDLE_MACHINES} idle machines, sandbox ${support.user})`,
  );
  console.log(`  baseline: the app with plain Node, no sandbox   ${ms(median(baselines))}`);
  console.log(`  cold start: new machine until its app answers   ${ms(median(colds))}`);
  console.log(`  warm start: stopped machine started again       ${ms(median(warms))}`);
  console.log(
    `  sandbox's cost on a cold start                  ${ms(median(colds) - median(baselines))}`,
  );
  console.log(
    `  memory per idle machine (cgroup)                ${memory ? mb(memory) : "not measured (no cgroups)"}`,
  );
  console.log(
    `  CPU per idle machine                            ${(idleCpu * 100).toFixed(2)} % of a core`,
  );
  console.log(
    `  machines on a 2-core, 24 GB host (4 GB kept back): ${Number.isNaN(byMemory) ? "?" : byMemory} idle by memory, ${Number.isFinite(byCpu) ? byCpu : "no limit"} by idle CPU, ${byLimit} if each used its full ${mb(limits.memoryBytes)} limit`,
  );
} finally {
  await driver.stopAll();
  rmSync(root, { recursive: true, force: true });
}
