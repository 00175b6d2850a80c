/**
 * The command line that runs a process inside a local machine (issue 18), pure so that every wall
 * is visible in one unit test. The walls are those of the code-check sandbox (ADR 0018) with a
 * workspace added:
 * - cgroups (when the host lets us make them): memory, CPU quota and process count for the whole
 *   machine, entered by a shell that then becomes the machine's first process;
 * - `unshare --net` (root): a network namespace with no interface up, so nothing is reachable,
 *   not the database, not another machine, not the host's metadata address;
 * - `setpriv`: the machine's own host user, no groups, no capabilities, no new privileges;
 * - `prlimit`: the backstops (address space, processes, file size, open files, no core);
 * - `bwrap`: new user, PID, IPC, UTS and cgroup namespaces, an empty environment but for what the
 *   app needs, /usr read-only, the app's workspace read-write at /app, the template's packages
 *   read-only at /app/node_modules, the run folder (the app's Unix socket) at /run/app, a private
 *   /tmp, a read-only root, and death with its parent. Nothing else of the host is there.
 */

export interface MachineCommandOptions {
  /** Whether the server runs as root: then the machine gets a host user of its own. */
  root: boolean;
  uid: number;
  /** Host folders: the workspace (read-write), the packages (read-only), the socket's folder. */
  workspace: string;
  nodeModules: string;
  runDir: string;
  /** Node's binary; bound read-only when it is not under /usr. */
  node: string;
  /** The command inside, e.g. ["node", "node_modules/tsx/dist/cli.mjs", "server/main.ts"]. */
  command: string[];
  env: Record<string, string>;
  limits: {
    memoryBytes: number;
    processes: number;
    fileBytes: number;
  };
  /** cgroup.procs files to enter first (memory, cpu, pids), when the host has them. */
  cgroupProcs: string[];
}

export interface MachineCommand {
  command: string;
  args: string[];
}

/** Inside the machine: the app at /app, its socket in /run/app. */
export const APP_DIR = "/app";
export const RUN_DIR = "/run/app";
export const APP_SOCKET = `${RUN_DIR}/app.sock`;

export function machineCommand(options: MachineCommandOptions): MachineCommand {
  const nodeDir = options.node.slice(0, options.node.lastIndexOf("/")) || "/";
  const env = Object.entries({ PATH: `${nodeDir}:/usr/bin:/bin`, HOME: "/tmp", ...options.env });
  const bwrap = [
    "bwrap",
    "--unshare-all",
    ...(options.root ? ["--share-net"] : ["--uid", "65534", "--gid", "65534"]),
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    ...env.flatMap(([key, value]) => ["--setenv", key, value]),
    "--hostname",
    "machine",
    "--ro-bind",
    "/usr",
    "/usr",
    ...["lib", "lib64", "bin", "sbin"].flatMap((name) => ["--symlink", `usr/${name}`, `/${name}`]),
    ...(nodeDir.startsWith("/usr/") ? [] : ["--ro-bind", nodeDir, nodeDir]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--bind",
    options.workspace,
    APP_DIR,
    "--ro-bind",
    options.nodeModules,
    `${APP_DIR}/node_modules`,
    "--bind",
    options.runDir,
    RUN_DIR,
    // The sandbox's own root (where the mount points live) is read-only once they are made.
    "--remount-ro",
    "/",
    "--chdir",
    APP_DIR,
    "--",
    ...options.command,
  ];
  const { limits } = options;
  const prlimit = [
    "prlimit",
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileBytes}`,
    "--nofile=1024",
    "--core=0",
    "--",
  ];
  const inner = options.root
    ? [
        "unshare",
        "--net",
        "--",
        "setpriv",
        `--reuid=${options.uid}`,
        `--regid=${options.uid}`,
        "--clear-groups",
        "--no-new-privs",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--",
        ...prlimit,
        ...bwrap,
      ]
    : [...prlimit, ...bwrap];
  if (options.cgroupProcs.length === 0) {
    const [command = "prlimit", ...args] = inner;
    return { command, args };
  }
  // The shell writes its own pid into each cgroup, then becomes the machine: nothing it starts
  // can run outside them.
  const enter = options.cgroupProcs.map((_, i) => `echo $$ > "$${i + 1}"`).join(" && ");
  return {
    command: "/bin/sh",
    args: [
      "-c",
      `${enter} && shift ${options.cgroupProcs.length} && exec "$@"`,
      "machine",
      ...options.cgroupProcs,
      ...inner,
    ],
  };
}
