/**
 * The default MachineDriver (issue 18): each machine runs on this host in a bubblewrap sandbox
 * of its own (machine-command.ts: no network, its own user, cgroup limits), with its workspace in
 * `{root}/{id}/app`, its Unix socket in `{root}/{id}/run` and its log in `{root}/{id}/log.jsonl`.
 * The app answers only on that socket, so only this server can reach it (app-proxy.ts).
 * Processes end with the server (bwrap --die-with-parent); the machine service starts again the
 * machines that should be running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { type MachineCgroup, machineCgroup } from "./cgroups.ts";
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

const FIRST_MACHINE_UID = 200_000;
/** The app's build, with its config loaded in place (the packages' folder is read-only). */
export const VITE_BUILD = [
  "node",
  "node_modules/vite/bin/vite.js",
  "build",
  "--configLoader",
  "runner",
];
const MAX_OUTPUT = 256 * 1024;

interface Machine {
  spec: MachineSpec;
  dir: string;
  state: MachineState;
  since: string;
  reason?: string;
  process?: ChildProcess;
  cgroup: MachineCgroup | null;
  lines: LogLine[];
  seq: number;
  listeners: Set<(line: LogLine) => void>;
  waiters: Set<() => void>;
  /** The start in progress, so that two callers share one. */
  starting?: Promise<void>;
}

/** A uid from the machine's id: distinct machines get distinct users (files, process counts). */
export function machineUid(id: string): number {
  return FIRST_MACHINE_UID + (Number.parseInt(id.replace(/-/g, "").slice(0, 7), 16) % 1_000_000);
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

export function createLocalDriver(options: LocalDriverOptions): MachineDriver & {
  /** Tests and the bench: every machine's process ends. */
  stopAll(): Promise<void>;
} {
  const machines = new Map<string, Machine>();
  const kept = options.logLinesKept ?? 2_000;
  mkdirSync(options.root, { recursive: true });
  // Machines run as users of their own: they may pass through the root to their own folder, and
  // list nothing on the way (each folder's content is its machine's alone).
  if (options.asRoot) {
    chmodSync(options.root, 0o711);
    // A machine's user must pass through every folder above its own: say which one stops it.
    for (let dir = path.dirname(path.resolve(options.root)); ; dir = path.dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) {
        throw new Error(
          `machines cannot reach their folders: ${dir} is closed to other users (chmod o+x ${dir}, or set MACHINES_DIR elsewhere)`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
  }

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
      lines: [],
      seq: 0,
      listeners: new Set(),
      waiters: new Set(),
    };
    // The log file carries the machine's numbering on across server restarts.
    try {
      const text = readFileSync(path.join(machine.dir, "log.jsonl"), "utf8");
      const all = text.split("\n").filter(Boolean);
      machine.lines = all.slice(-kept).map((line) => JSON.parse(line) as LogLine);
      machine.seq = machine.lines.at(-1)?.seq ?? 0;
    } catch {}
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
    const line: LogLine = { seq: ++machine.seq, at: new Date().toISOString(), stream, text };
    machine.lines.push(line);
    if (machine.lines.length > kept) machine.lines.splice(0, machine.lines.length - kept);
    try {
      appendFileSync(path.join(machine.dir, "log.jsonl"), `${JSON.stringify(line)}\n`);
    } catch {}
    for (const listener of machine.listeners) listener(line);
  }

  function pipeLines(machine: Machine, child: ChildProcess) {
    for (const stream of ["stdout", "stderr"] as const) {
      let rest = "";
      child[stream]?.setEncoding("utf8");
      child[stream]?.on("data", (chunk: string) => {
        rest += chunk;
        const parts = rest.split("\n");
        rest = parts.pop() ?? "";
        if (rest.length > 4_000) {
          parts.push(rest.slice(0, 4_000));
          rest = "";
        }
        for (const part of parts) log(machine, stream, part.slice(0, 4_000));
      });
      child[stream]?.on("end", () => {
        if (rest) log(machine, stream, rest.slice(0, 4_000));
      });
    }
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

  function ownWorkspace(machine: Machine) {
    if (!options.asRoot) return;
    const uid = machineUid(machine.spec.id);
    const walk = (dir: string) => {
      chownSync(dir, uid, uid);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (!entry.isSymbolicLink()) chownSync(full, uid, uid);
      }
    };
    walk(path.join(machine.dir, "app"));
    chownSync(path.join(machine.dir, "run"), uid, uid);
  }

  function diskBytes(machine: Machine): number {
    let total = 0;
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === "node_modules") continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) total += statSync(full).size;
      }
    };
    try {
      walk(path.join(machine.dir, "app"));
    } catch {}
    return total;
  }

  async function socketAnswers(file: string): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(file);
      socket.once("connect", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  }

  async function run(machine: Machine) {
    const socketFile = path.join(machine.dir, "run", "app.sock");
    rmSync(socketFile, { force: true });
    machine.cgroup = machineCgroup(machine.spec.id, machine.spec.limits);
    ownWorkspace(machine);
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
    pipeLines(machine, child);
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

  async function kill(machine: Machine) {
    const child = machine.process;
    if (!child?.pid) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, 5_000);
    await exited;
    clearTimeout(timer);
  }

  async function execIn(
    machine: Machine,
    command: string[],
    { timeoutMs }: { timeoutMs: number },
  ): Promise<ExecResult> {
    machine.cgroup = machineCgroup(machine.spec.id, machine.spec.limits);
    const { command: bin, args } = commandFor(machine, command, {
      NODE_ENV: "development",
    });
    return new Promise((resolve) => {
      const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
      let stdout = "";
      let stderr = "";
      let timedOut = false;
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        if (stdout.length < MAX_OUTPUT) stdout += d;
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        if (stderr.length < MAX_OUTPUT) stderr += d;
      });
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {}
      }, timeoutMs);
      child.once("error", (error) => {
        clearTimeout(timer);
        resolve({ exitCode: 127, stdout, stderr: String(error), timedOut });
      });
      child.once("close", (code) => {
        clearTimeout(timer);
        resolve({ exitCode: code ?? 137, stdout, stderr, timedOut });
      });
    });
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
        diskBytes: diskBytes(machine),
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
      const used = diskBytes(machine);
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
      const root = path.join(machine.dir, "app");
      const uid = machineUid(id);
      for (const file of files) {
        const target = path.resolve(root, file.path);
        if (!isInside(root, target) || isInside(path.join(root, "node_modules"), target)) {
          throw new Error(`Refused path ${file.path}`);
        }
        if (file.content === null) {
          rmSync(target, { force: true });
          continue;
        }
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, file.content);
        if (options.asRoot) {
          for (let dir = path.dirname(target); isInside(root, dir) || dir === root; ) {
            chownSync(dir, uid, uid);
            if (dir === root) break;
            dir = path.dirname(dir);
          }
          chownSync(target, uid, uid);
        }
      }
    },
    async logs(
      id: string,
      { afterSeq, limit = 1_000 }: { afterSeq?: number; limit?: number } = {},
    ) {
      const machine = load(id);
      if (!machine) return [];
      const after = afterSeq ?? 0;
      const inMemory = machine.lines.filter((line) => line.seq > after);
      if (inMemory.length > 0 && inMemory[0]!.seq === after + 1) return inMemory.slice(0, limit);
      // Older than memory holds: read the file.
      try {
        return readFileSync(path.join(machine.dir, "log.jsonl"), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as LogLine)
          .filter((line) => line.seq > after)
          .slice(0, limit);
      } catch {
        return inMemory.slice(0, limit);
      }
    },
    followLogs(id: string, listener: (line: LogLine) => void) {
      const machine = load(id);
      if (!machine) return () => {};
      machine.listeners.add(listener);
      return () => machine.listeners.delete(listener);
    },
    async exec(id: string, command: string[], options: { timeoutMs: number }) {
      const machine = need(id);
      ownWorkspace(machine);
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
