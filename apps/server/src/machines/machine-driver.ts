/**
 * What runs a builder app (issue 18): one interface for every place a machine can live, in the
 * manner of the Fly Machines API (create, start, stop, wait for a state) and OpenHands' sandbox
 * service (exec a command, read the logs). `local-driver.ts` runs machines on this host, each in
 * its own bubblewrap sandbox; `kubernetes-driver.ts` runs a pod per machine for operators with a
 * cluster. The server never talks to an app except through `address()`.
 */

/** A machine's life: created → starting → running ⇄ stopped; failed when its app exited on its own. */
export type MachineState = "created" | "starting" | "running" | "stopping" | "stopped" | "failed";

export const MACHINE_STATES: readonly MachineState[] = [
  "created",
  "starting",
  "running",
  "stopping",
  "stopped",
  "failed",
];

/** What a machine runs: a build's files in a workspace, the app template's packages beside them. */
export interface MachineSpec {
  /** Our id (a UUID), also the name of the machine's workspace, pod and service. */
  id: string;
  /** The account that owns it (labels, quotas). */
  ownerId: string;
  /** "preview": the builder's running copy; "instance": a published app that stays up. */
  role: "preview" | "instance";
  /** development: the app's dev mode; production: built once, then served. */
  mode: "development" | "production";
  limits: MachineLimits;
}

export interface MachineLimits {
  /** Memory the machine's processes may use, in bytes. */
  memoryBytes: number;
  /** CPU share: 1 = one core. */
  cpus: number;
  /** Processes and threads at most. */
  processes: number;
  /** The workspace's size at most, in bytes (the app's files and what it writes). */
  diskBytes: number;
}

export interface MachineStatus {
  id: string;
  state: MachineState;
  /** When it last entered its state (ISO). */
  since: string;
  /** Why it failed, in plain words, when state is failed. */
  reason?: string;
  /** What it uses now, when the driver can tell. */
  usage?: MachineUsage;
}

export interface MachineUsage {
  memoryBytes: number;
  /** CPU time used since it started, in milliseconds. */
  cpuMs: number;
  diskBytes: number;
  processes: number;
}

/** One line of a machine's log; `seq` increases by one per line and never repeats for a machine. */
export interface LogLine {
  seq: number;
  /** ISO time the line was written. */
  at: string;
  stream: "stdout" | "stderr" | "system";
  text: string;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The command ran past its time limit and was ended. */
  timedOut: boolean;
}

/** Where the server reaches a running app: a Unix socket on this host, or an HTTP base URL. */
export type MachineAddress = { kind: "socket"; path: string } | { kind: "url"; url: string };

export interface FileWrite {
  /** Relative to the workspace, with "/" separators (already checked by the caller). */
  path: string;
  /** The new content, or null to delete the file. */
  content: string | null;
}

export interface MachineDriver {
  /** "local" or "kubernetes": shown to operators and stored with each machine. */
  readonly name: string;
  /** Makes the machine's workspace (and its pod, service and volume) without starting it. */
  create(spec: MachineSpec): Promise<MachineStatus>;
  /** Starts the app; resolves once it is starting (use waitFor to know it answers). */
  start(id: string): Promise<MachineStatus>;
  /** Stops the app; the workspace (everything the machine wrote) stays. */
  stop(id: string): Promise<MachineStatus>;
  restart(id: string): Promise<MachineStatus>;
  /** Stops it and removes everything it had. Destroying a missing machine is not an error. */
  destroy(id: string): Promise<void>;
  /** Its state now; a machine the driver does not know is `null`. */
  status(id: string): Promise<MachineStatus | null>;
  /** Resolves when the machine is in one of `states`, or with its last status at the deadline. */
  waitFor(id: string, states: MachineState[], timeoutMs: number): Promise<MachineStatus | null>;
  /** Writes (or deletes, content null) files in the workspace; the app sees them at once. */
  writeFiles(id: string, files: FileWrite[]): Promise<void>;
  /** Lines after `afterSeq` (all kept lines when absent), oldest first, at most `limit`. */
  logs(id: string, options?: { afterSeq?: number; limit?: number }): Promise<LogLine[]>;
  /** Calls `listener` with every new line until the returned function is called. */
  followLogs(id: string, listener: (line: LogLine) => void): () => void;
  /** Runs a command in the machine's workspace, inside its walls, with a time limit. */
  exec(id: string, command: string[], options: { timeoutMs: number }): Promise<ExecResult>;
  /** Where the running app answers HTTP, or null when it is not running. */
  address(id: string): Promise<MachineAddress | null>;
}
