/**
 * A machine's cgroups (issue 18): memory, CPU quota and process count for everything the machine
 * runs, and what it uses now. cgroup v2 (one unified tree) or v1 (a tree per controller), when the
 * server may make groups; otherwise `null`, and the prlimit backstops are the only limits.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface CgroupLimits {
  memoryBytes: number;
  cpus: number;
  processes: number;
}

export interface MachineCgroup {
  /** The cgroup.procs files the machine's first process writes its pid into. */
  procs: string[];
  usage(): { memoryBytes: number; cpuMs: number; processes: number };
  /** Removes the groups (once their processes have ended). */
  remove(): void;
}

const ROOT = "/sys/fs/cgroup";
const PARENT = "lumen-machines";
const PERIOD_US = 100_000;

function tryWrite(file: string, value: string): boolean {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}

function readNumber(file: string): number {
  try {
    return Number(readFileSync(file, "utf8").trim().split(/\s+/)[0]) || 0;
  } catch {
    return 0;
  }
}

/** A field of memory.stat ("total_inactive_file 123"), or 0. */
function statField(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field} (\\d+)$`, "m").exec(readFileSync(file, "utf8"));
    return Number(match?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function makeDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
}

function v2(id: string, limits: CgroupLimits): MachineCgroup | null {
  const parent = path.join(ROOT, PARENT);
  if (!makeDir(parent)) return null;
  tryWrite(path.join(ROOT, "cgroup.subtree_control"), "+memory +cpu +pids");
  tryWrite(path.join(parent, "cgroup.subtree_control"), "+memory +cpu +pids");
  const dir = path.join(parent, id);
  if (!makeDir(dir)) return null;
  const ok =
    tryWrite(path.join(dir, "memory.max"), String(limits.memoryBytes)) &&
    tryWrite(path.join(dir, "pids.max"), String(limits.processes));
  tryWrite(path.join(dir, "cpu.max"), `${Math.round(limits.cpus * PERIOD_US)} ${PERIOD_US}`);
  if (!ok) return null;
  return {
    procs: [path.join(dir, "cgroup.procs")],
    usage: () => {
      let cpuUs = 0;
      try {
        const stat = readFileSync(path.join(dir, "cpu.stat"), "utf8");
        cpuUs = Number(/usage_usec (\d+)/.exec(stat)?.[1] ?? 0);
      } catch {}
      return {
        // As `docker stats` counts it: without the file cache the kernel can drop at once.
        memoryBytes: Math.max(
          0,
          readNumber(path.join(dir, "memory.current")) -
            statField(path.join(dir, "memory.stat"), "inactive_file"),
        ),
        cpuMs: Math.round(cpuUs / 1000),
        processes: readNumber(path.join(dir, "pids.current")),
      };
    },
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {}
    },
  };
}

function v1(id: string, limits: CgroupLimits): MachineCgroup | null {
  const dirs = {
    memory: path.join(ROOT, "memory", PARENT, id),
    cpu: path.join(ROOT, "cpu", PARENT, id),
    cpuacct: path.join(ROOT, "cpuacct", PARENT, id),
    pids: path.join(ROOT, "pids", PARENT, id),
  };
  for (const dir of Object.values(dirs)) if (!makeDir(dir)) return null;
  const ok =
    tryWrite(path.join(dirs.memory, "memory.limit_in_bytes"), String(limits.memoryBytes)) &&
    tryWrite(path.join(dirs.pids, "pids.max"), String(limits.processes)) &&
    tryWrite(path.join(dirs.cpu, "cpu.cfs_period_us"), String(PERIOD_US)) &&
    tryWrite(path.join(dirs.cpu, "cpu.cfs_quota_us"), String(Math.round(limits.cpus * PERIOD_US)));
  if (!ok) return null;
  // Swap would let a machine outgrow its memory unseen: the same limit for memory and swap.
  tryWrite(path.join(dirs.memory, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes));
  return {
    procs: Object.values(dirs).map((dir) => path.join(dir, "cgroup.procs")),
    usage: () => ({
      memoryBytes: Math.max(
        0,
        readNumber(path.join(dirs.memory, "memory.usage_in_bytes")) -
          statField(path.join(dirs.memory, "memory.stat"), "total_inactive_file"),
      ),
      cpuMs: Math.round(readNumber(path.join(dirs.cpuacct, "cpuacct.usage")) / 1e6),
      processes: readNumber(path.join(dirs.pids, "pids.current")),
    }),
    remove: () => {
      for (const dir of Object.values(dirs)) {
        try {
          rmdirSync(dir);
        } catch {}
      }
    },
  };
}

/** The machine's groups with their limits set, or null when this host gives none. */
export function machineCgroup(id: string, limits: CgroupLimits): MachineCgroup | null {
  if (process.getuid?.() !== 0) return null;
  if (existsSync(path.join(ROOT, "cgroup.controllers"))) return v2(id, limits);
  if (existsSync(path.join(ROOT, "memory")) && existsSync(path.join(ROOT, "pids"))) {
    return v1(id, limits);
  }
  return null;
}
