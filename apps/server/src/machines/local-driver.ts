/**
 * The default MachineDriver (issue 18): each machine runs on this host in a bubblewrap sandbox
 * of its own (machine-command.ts: no network, its own user, cgroup limits), with its workspace in
 * `{root}/{id}/app`, its Unix socket in `{root}/{id}/run` and its log in `{root}/{id}/log.jsonl`.
 * The app answers only on that socket, so only this server can reach it (app-proxy.ts).
 * Processes end with the server (bwrap --die-with-parent); the machine service starts again the
 * machines that should be running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { type MachineCgroup, machineCgroup } from "./cgroups.ts";
import { MachineLog } from "./local-log.ts";
import { killGroup, pipeLines, runToEnd, socketAnswers } from "./local-process.ts";
import {
  machineUid,
  openMachinesRoot,
  ownWorkspace,
  workspaceBytes,
  writeWorkspaceFiles,
} from "./local-workspace.ts";
import { APP_SOCKET, machineCommand } from "./machine-command.ts";
import type {
  ExecResult,
  FileWrite,
  LogLine,
  MachineAddress,
  MachineDriver,
  MachineSpec,
  MachineState,
  MachineStatus,
} from "./machine-driver.ts";

export { machineUid } from "./local-workspace.ts";

export interface LocalDriverOptions {
  /** Where machines keep their folders (MACHINES_DIR). */
  root: string;
  /** The template's packages, mounted read-only into every machine. */
  nodeModules: string;
  /** Whether the server runs as root (own uid per machine, no network namespace at all). */
  asRoot: boolean;
  /** How long an app may take to answer on its socket after a start. */
  startTimeoutMs: number;
  /** What every app is told of where it is seen (its public port and scheme), at each start. */
  appEnv?: () => Record<string, string>;
  /** Lines kept in memory per machine (the file keeps them all). */
  logLinesKept?: number;
}

/** The app's build, with its config loaded in place (the packages' folder is read-only). */
export const VITE_BUILD = [
  "node",
  "node_modules/vite/bin/vite.js",
  "build",
  "--configLoader",
  "runner",
];

interface Machine {
  spec: MachineSpec;
  dir: string;
  state: MachineState;
  since: string;
  reason?: string;
  process?: ChildProcess;
  cgroup: MachineCgroup | null;
  log: MachineLog;
  waiters: Set<() => void>;
  /** The start in progress, so that two callers share one. */
  starting?: Promise<void>;
}

export function createLocalDriver(options: LocalDriverOptions): MachineDriver & {
  /** Tests and the bench: every machine's process ends. */
  stopAll(): Promise<void>;
} {
  const machines = new Map<string, Machine>();
  const kept = options.logLinesKept ?? 2_000;
  mkdirSync(options.root, { recursive: true });
  if (options.asRoot) openMachinesRoot(options.root);

  const dirOf = (id: string) => path.join(options.root, id);
  const specFile = (id: string) => path.join(dirOf(id), "machine.json");

  function load(id: string): Machine | null {
    const existing = machines.get(id);
    if (existing) return existing;
    if (!/^[0-9a-f-]{36}$/.test(id) || !existsSync(specFile(id))) return null;
    const spec = JSON.parse(readFileSync(specFile(id), "utf8")) as MachineSpec;
    const machine: Machine = {
      spec,
      dir: dirOf(id),
      state: "stopped",
      since: new Date().toISOString(),
      cgroup: null,
      log: new MachineLog(dirOf(id), kept),
      waiters: new Set(),
    };
    machines.set(id, machine);
    return machine;
  }

  function setState(machine: Machine, state: MachineState, reason?: string) {
    machine.state = state;
    machine.since = new Date().toISOString();
    machine.reason = reason;
    log(machine, "system", reason ? `${state}: ${reason}` : state);
    for (const wake of machine.waiters) wake();
  }

  function log(machine: Machine, stream: LogLine["stream"], text: string) {
    machine.log.write(stream, text);
  }

  function commandFor(machine: Machine, command: string[], env: Record<string, string>) {
    const workspace = path.join(machine.dir, "app");
    return machineCommand({
      root: options.asRoot,
      uid: machineUid(machine.spec.id),
      workspace,
      nodeModules: options.nodeModules,
      runDir: path.join(machine.dir, "run"),
      node: process.execPath,
      command,
      env,
      limits: {
        // The address-space backstop sits above the cgroup's limit (V8 and WebAssembly reserve more
        // than they use); the cgroup is what holds the machine to its memory.
        memoryBytes: Math.max(machine.spec.limits.memoryBytes * 4, 4 * 1024 ** 3),
        processes: machine.spec.limits.processes,
        fileBytes: Math.min(machine.spec.limits.diskBytes, 256 * 1024 ** 2),
      },
      cgroupProcs: machine.cgroup?.procs ?? [],
    });
  }

  function own(machine: Machine) {
    if (options.asRoot) ownWorkspace(machine.dir, machineUid(machine.spec.id));
  }

  async function run(machine: Machine) {
    const socketFile = path.join(machine.dir, "run", "app.sock");
    rmSync(socketFile, { force: true });
    machine.cgroup = machineCgroup(machine.spec.id, machine.spec.limits);
    own(machine);
    const production = machine.spec.mode === "production";
    if (production) {
      log(machine, "system", "building the app (vite build)");
      const built = await execIn(machine, VITE_BUILD, { timeoutMs: 180_000 });
      for (const line of `${built.stdout}\n${built.stderr}`.split("\n").filter(Boolean)) {
        log(machine, built.exitCode === 0 ? "stdout" : "stderr", line);
      }
      if (built.exitCode !== 0) {
        setState(machine, "failed", "The build failed; its errors are in the log.");
        return;
      }
    }
    const { command, args } = commandFor(
      machine,
      ["node", "node_modules/tsx/dist/cli.mjs", "server/main.ts"],
      {
        ...options.appEnv?.(),
        NODE_ENV: production ? "production" : "development",
        APP_SOCKET,
      },
    );
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    machine.process = child;
    pipeLines(child, (stream, text) => log(machine, stream, text));
    child.once("exit", (code, signal) => {
      if (machine.process !== child) return;
      machine.process = undefined;
      if (machine.state === "stopping") {
        machine.cgroup?.remove();
        setState(machine, "stopped");
      } else
        setState(
          machine,
          "failed",
          `The app stopped on its own (${signal ? `signal ${signal}` : `exit code ${code}`}).`,
        );
    });
    const deadline = Date.now() + options.startTimeoutMs;
    while (machine.process === child && Date.now() < deadline) {
      if (await socketAnswers(socketFile)) {
        setState(machine, "running");
        return;
      }
      await delay(100);
    }
    if (machine.process === child) {
      await kill(machine);
      setState(machine, "failed", "The app did not answer in time after starting.");
    }
  }

  const kill = (machine: Machine) => killGroup(machine.process);

  async function execIn(
    machine: Machine,
    command: string[],
    { timeoutMs }: { timeoutMs: number },
  ): Promise<ExecResult> {
    machine.cgroup = machineCgroup(machine.spec.id, machine.spec.limits);
    const { command: bin, args } = commandFor(machine, command, {
      NODE_ENV: "development",
    });
    return runToEnd(bin, args, { timeoutMs });
  }

  function status(machine: Machine): MachineStatus {
    const usage = machine.cgroup?.usage();
    return {
      id: machine.spec.id,
      state: machine.state,
      since: machine.since,
      ...(machine.reason ? { reason: machine.reason } : {}),
      usage: {
        memoryBytes: usage?.memoryBytes ?? 0,
        cpuMs: usage?.cpuMs ?? 0,
        processes: usage?.processes ?? (machine.process ? 1 : 0),
        diskBytes: workspaceBytes(machine.dir),
      },
    };
  }

  function need(id: string): Machine {
    const machine = load(id);
    if (!machine) throw new Error(`No machine ${id}`);
    return machine;
  }

  // The disk limit: a running machine whose workspace outgrew it is stopped, with the reason.
  const diskWatch = setInterval(() => {
    for (const machine of machines.values()) {
      if (machine.state !== "running") continue;
      const used = workspaceBytes(machine.dir);
      if (used <= machine.spec.limits.diskBytes) continue;
      const limit = Math.round(machine.spec.limits.diskBytes / 1024 ** 2);
      void kill(machine).then(() =>
        setState(machine, "failed", `The app used more than its ${limit} MB of disk.`),
      );
      machine.state = "stopping";
    }
  }, 30_000);
  diskWatch.unref();

  const driver = {
    name: "local",
    async create(spec: MachineSpec) {
      const dir = dirOf(spec.id);
      mkdirSync(path.join(dir, "app", "node_modules"), { recursive: true });
      mkdirSync(path.join(dir, "run"), { recursive: true });
      if (options.asRoot) chmodSync(dir, 0o711);
      writeFileSync(specFile(spec.id), JSON.stringify(spec));
      machines.delete(spec.id);
      const machine = need(spec.id);
      setState(machine, "created");
      return status(machine);
    },
    async start(id: string) {
      const machine = need(id);
      if (machine.state === "running" || machine.state === "starting") return status(machine);
      setState(machine, "starting");
      machine.starting = run(machine).finally(() => {
        machine.starting = undefined;
      });
      return status(machine);
    },
    async stop(id: string) {
      const machine = need(id);
      await machine.starting?.catch(() => {});
      if (!machine.process) {
        if (machine.state !== "stopped") setState(machine, "stopped");
        return status(machine);
      }
      setState(machine, "stopping");
      await kill(machine);
      return status(machine);
    },
    async restart(id: string) {
      await driver.stop(id);
      return driver.start(id);
    },
    async destroy(id: string) {
      const machine = load(id);
      if (machine) {
        await machine.starting?.catch(() => {});
        if (machine.process) {
          machine.state = "stopping";
          await kill(machine);
        }
        machine.cgroup?.remove();
        machines.delete(id);
      }
      if (/^[0-9a-f-]{36}$/.test(id)) rmSync(dirOf(id), { recursive: true, force: true });
    },
    async status(id: string) {
      const machine = load(id);
      return machine ? status(machine) : null;
    },
    async waitFor(id: string, states: MachineState[], timeoutMs: number) {
      const machine = load(id);
      if (!machine) return null;
      const deadline = Date.now() + timeoutMs;
      while (!states.includes(machine.state) && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            machine.waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
          machine.waiters.add(wake);
        });
      }
      return status(machine);
    },
    async writeFiles(id: string, files: FileWrite[]) {
      const machine = need(id);
      writeWorkspaceFiles(
        path.join(machine.dir, "app"),
        files,
        options.asRoot ? machineUid(id) : null,
      );
    },
    async logs(
      id: string,
      { afterSeq, limit = 1_000 }: { afterSeq?: number; limit?: number } = {},
    ) {
      const machine = load(id);
      if (!machine) return [];
      return machine.log.after(afterSeq ?? 0, limit);
    },
    followLogs(id: string, listener: (line: LogLine) => void) {
      const machine = load(id);
      if (!machine) return () => {};
      return machine.log.follow(listener);
    },
    async exec(id: string, command: string[], options: { timeoutMs: number }) {
      const machine = need(id);
      own(machine);
      return execIn(machine, command, options);
    },
    async address(id: string): Promise<MachineAddress | null> {
      const machine = load(id);
      if (machine?.state !== "running") return null;
      return { kind: "socket", path: path.join(machine.dir, "run", "app.sock") };
    },
    async stopAll() {
      clearInterval(diskWatch);
      await Promise.all([...machines.keys()].map((id) => driver.stop(id).catch(() => {})));
    },
  };
  return driver;
}
