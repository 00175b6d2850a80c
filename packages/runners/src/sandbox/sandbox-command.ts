/**
 * The command line that starts one sandboxed runner process (ADR 0018). Pure, so that every
 * wall it builds is visible in one unit test:
 * - `unshare --net` (when the server is root): a network namespace whose only interface, the
 *   loopback, stays down, so no address at all is reachable, not even the sandbox's own;
 * - `setpriv`: a user of its own per pool slot, no groups, no capabilities, no new privileges;
 * - `prlimit`: memory (data segment), processes, CPU seconds, file size, open files, no core;
 * - `bwrap`: new user, PID, IPC, UTS, cgroup and network namespaces, an empty environment, a
 *   read-only view of only the runtime files, a private /tmp, and death with its parent.
 */

export interface SandboxLimits {
  /** RLIMIT_DATA: what the process may allocate (heap and WebAssembly memory), in bytes. */
  memoryBytes: number;
  /** RLIMIT_NPROC for the slot's own user: threads count too (Node uses about 20). */
  processes: number;
  /** RLIMIT_CPU: a backstop only; the pool's watchdog ends a run long before. */
  cpuSeconds: number;
  /** RLIMIT_FSIZE: the largest file the process may write (on its private /tmp). */
  fileBytes: number;
  openFiles: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  memoryBytes: 2 * 1024 ** 3,
  processes: 256,
  cpuSeconds: 3_600,
  fileBytes: 16 * 1024 ** 2,
  openFiles: 256,
};

export interface SandboxCommandOptions {
  /** Whether the server runs as root: then the slot gets a host user of its own. */
  root: boolean;
  /** The slot's user id on the host (root only); 65534 inside the sandbox otherwise. */
  uid: number;
  /** Absolute paths bound read-only at the same place (the runtimes and our runner code). */
  readOnly: string[];
  /** Where the process starts (one of the read-only paths). */
  cwd: string;
  node: string;
  nodeArgs: string[];
  /** The script to run; absent when nodeArgs carry the code (the probe's `-e`). */
  entry?: string;
  limits: SandboxLimits;
  /** Node's IPC channel (stdio index 3) survives bubblewrap's empty environment this way. */
  ipcFd: number;
}

export interface SandboxCommand {
  command: string;
  args: string[];
}

const SYSTEM_READ_ONLY = ["/usr"];

/** The sandbox's own view of the system: /usr, and the usual links to it. */
function systemView(): string[] {
  return [
    ...SYSTEM_READ_ONLY.flatMap((p) => ["--ro-bind", p, p]),
    ...["lib", "lib64", "bin", "sbin"].flatMap((name) => ["--symlink", `usr/${name}`, `/${name}`]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
  ];
}

export function sandboxCommand(options: SandboxCommandOptions): SandboxCommand {
  const { limits } = options;
  const bwrap = [
    "bwrap",
    "--unshare-all",
    // As root the outer `unshare --net` made a namespace with no interface up: keep it.
    ...(options.root ? ["--share-net"] : ["--uid", "65534", "--gid", "65534"]),
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--setenv",
    "NODE_CHANNEL_FD",
    String(options.ipcFd),
    "--setenv",
    "NODE_CHANNEL_SERIALIZATION_MODE",
    "json",
    "--setenv",
    "PATH",
    "/usr/bin",
    "--setenv",
    "HOME",
    "/tmp",
    "--hostname",
    "sandbox",
    ...systemView(),
    ...options.readOnly.flatMap((p) => ["--ro-bind", p, p]),
    "--chdir",
    options.cwd,
    "--",
    options.node,
    ...options.nodeArgs,
    ...(options.entry ? [options.entry] : []),
  ];
  const prlimit = [
    "prlimit",
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileBytes}`,
    `--nofile=${limits.openFiles}`,
    "--core=0",
    "--",
  ];
  if (!options.root) return { command: "prlimit", args: [...prlimit.slice(1), ...bwrap] };
  const setpriv = [
    "setpriv",
    `--reuid=${options.uid}`,
    `--regid=${options.uid}`,
    "--clear-groups",
    "--no-new-privs",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--",
  ];
  return { command: "unshare", args: ["--net", "--", ...setpriv, ...prlimit, ...bwrap] };
}
