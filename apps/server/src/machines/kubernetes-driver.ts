/**
 * The Kubernetes MachineDriver (issue 18, ADR 0058), for operators who outgrow one host: a pod
 * per machine with a restricted security context (and the cluster's RuntimeClass, e.g. gVisor), a
 * PersistentVolumeClaim for its workspace that outlives the pod, a ClusterIP Service for the app's
 * port and a NetworkPolicy that lets only the Lumen server in and nothing out
 * (kubernetes-objects.ts). Stop deletes the pod and keeps the workspace; start makes the pod again.
 *
 * Writes and commands run through the exec API in the app's pod; while the app is not running, in
 * a "work" pod that mounts the same workspace, deleted after a minute of idleness (and by
 * Kubernetes after an hour at most). Logs are read by polling the pod log API with `sinceTime`
 * (kubernetes-logs.ts), so that a stop, a start or a new pod never breaks a follower; the lines are
 * kept in memory and numbered per machine (the numbering restarts with the server).
 */
import { setTimeout as delay } from "node:timers/promises";
import type { V1Pod } from "@kubernetes/client-node";
import { machineApi } from "./kubernetes-api.ts";
import { KubernetesApiError } from "./kubernetes-errors.ts";
import { checkWorkspacePath, WRITE_SCRIPT } from "./kubernetes-exec.ts";
import { type LogCursor, newLogLines, sinceTime } from "./kubernetes-logs.ts";
import {
  checkMachineId,
  machineName,
  machineNetworkPolicy,
  machinePod,
  machineService,
  specAnnotation,
  WORKSPACE,
  workPodName,
  workspaceClaim,
} from "./kubernetes-objects.ts";
import {
  type KubernetesDriverOptions,
  loadKubeConfig,
  objectsConfig,
} from "./kubernetes-options.ts";
import { containerRunning, hasLog, type ObservedState, stateOfPod } from "./kubernetes-state.ts";
import type {
  FileWrite,
  LogLine,
  MachineAddress,
  MachineDriver,
  MachineSpec,
  MachineState,
  MachineStatus,
} from "./machine-driver.ts";

export { KubernetesApiError } from "./kubernetes-errors.ts";
export { WRITE_SCRIPT } from "./kubernetes-exec.ts";
export { parseLabels } from "./kubernetes-objects.ts";
export type { KubernetesDriverOptions } from "./kubernetes-options.ts";

interface Known {
  spec?: MachineSpec;
  /** The last state seen, its reason, and since when (changes are written to the log). */
  state?: MachineState;
  reason?: string;
  since: string;
  /** When the state was last read from Kubernetes (ms). */
  seenAt: number;
  lines: LogLine[];
  seq: number;
  cursor: LogCursor | null;
  listeners: Set<(line: LogLine) => void>;
  follow?: NodeJS.Timeout;
  reading?: Promise<void>;
  lastProblem?: string;
  workPod?: Promise<void>;
  workIdle?: NodeJS.Timeout;
}

export function createKubernetesDriver(options: KubernetesDriverOptions): MachineDriver & {
  /** Ends the driver's timers (log followers, idle work pods); tests and shutdown. */
  close(): void;
} {
  const config = objectsConfig(options);
  const namespace = config.namespace;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const startTimeoutMs = options.startTimeoutMs ?? 180_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 60_000;
  const workPodIdleMs = options.workPodIdleMs ?? 60_000;
  const kept = options.logLinesKept ?? 2_000;
  const api = machineApi(loadKubeConfig(options), namespace, requestTimeoutMs);
  const machines = new Map<string, Known>();

  function known(id: string): Known {
    let machine = machines.get(id);
    if (!machine) {
      machine = {
        since: new Date().toISOString(),
        seenAt: 0,
        lines: [],
        seq: 0,
        cursor: null,
        listeners: new Set(),
      };
      machines.set(id, machine);
    }
    return machine;
  }

  function log(id: string, stream: LogLine["stream"], text: string, at?: string) {
    const machine = known(id);
    const line: LogLine = { seq: ++machine.seq, at: at ?? new Date().toISOString(), stream, text };
    machine.lines.push(line);
    if (machine.lines.length > kept) machine.lines.splice(0, machine.lines.length - kept);
    for (const listener of machine.listeners) listener(line);
  }

  /** Records what was seen; a change of state (or of its reason) is a system line of the log. */
  function observe(id: string, observed: ObservedState): MachineStatus {
    const machine = known(id);
    machine.seenAt = Date.now();
    if (machine.state !== observed.state || machine.reason !== observed.reason) {
      if (machine.state !== observed.state) {
        machine.since = observed.since?.toISOString() ?? new Date().toISOString();
      }
      machine.state = observed.state;
      machine.reason = observed.reason;
      log(id, "system", observed.reason ? `${observed.state}: ${observed.reason}` : observed.state);
    } else if (observed.since) {
      machine.since = observed.since.toISOString();
    }
    return {
      id,
      state: observed.state,
      since: machine.since,
      ...(observed.reason ? { reason: observed.reason } : {}),
    };
  }

  async function statusOf(id: string): Promise<MachineStatus | null> {
    const pod = await api.readPod(machineName(id));
    if (pod) return observe(id, stateOfPod(pod));
    if (!(await api.readClaim(machineName(id)))) return null;
    // Made and never started (as far as this server knows), or stopped.
    return observe(id, { state: known(id).state === "created" ? "created" : "stopped" });
  }

  /** The machine's spec, from its workspace's annotation (it outlives this server's memory). */
  async function needSpec(id: string): Promise<MachineSpec> {
    checkMachineId(id);
    const claim = await api.readClaim(machineName(id));
    if (!claim) throw new Error(`No machine ${id}`);
    const text = claim.metadata?.annotations?.[specAnnotation(config)];
    const spec = text ? (JSON.parse(text) as MachineSpec) : known(id).spec;
    if (!spec) {
      throw new Error(
        `The workspace of machine ${id} has no ${specAnnotation(config)} annotation.`,
      );
    }
    known(id).spec = spec;
    return spec;
  }

  /** Waits until the pod is gone (false at the deadline). */
  async function podGone(name: string, timeoutMs = stopTimeoutMs): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while ((await api.readPod(name)) !== null) {
      if (Date.now() >= deadline) return false;
      await delay(pollMs);
    }
    return true;
  }

  /** Waits until commands can run in the pod; throws if it fails or takes too long. */
  async function podRunning(name: string): Promise<void> {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      const pod = await api.readPod(name);
      if (!pod) throw new Error(`The pod ${name} went away while the machine was starting.`);
      if (containerRunning(pod)) return;
      const observed = stateOfPod(pod);
      if (observed.state === "failed") throw new Error(observed.reason);
      if (Date.now() >= deadline) {
        throw new Error(`The pod ${name} was not running after ${startTimeoutMs} ms.`);
      }
      await delay(pollMs);
    }
  }

  /** Reads the app's new log lines into memory, one read at a time per machine. */
  function readLogs(id: string, pod: V1Pod | null): Promise<void> {
    const machine = known(id);
    const next = (machine.reading ?? Promise.resolve()).then(async () => {
      if (!pod || !hasLog(pod)) return;
      const text = await api.readLog(machineName(id), {
        sinceTime: sinceTime(machine.cursor),
        // The first read of this server takes the last lines only.
        tailLines: machine.cursor ? undefined : kept,
      });
      const fresh = newLogLines(text, machine.cursor);
      machine.cursor = fresh.cursor;
      for (const line of fresh.lines) log(id, "stdout", line.text, line.at);
    });
    machine.reading = next.catch(() => {});
    return next;
  }

  /** Reads a pod's last lines before it goes (Kubernetes' copy of its log goes with it). */
  async function keepLastLines(id: string, pod: V1Pod) {
    await readLogs(id, pod).catch((error: Error) =>
      log(id, "system", `Could not keep the pod's last log lines: ${error.message}`),
    );
  }

  function follow(id: string) {
    const machine = known(id);
    if (machine.follow || machine.listeners.size === 0) return;
    machine.follow = setTimeout(async () => {
      if (machines.get(id) !== machine) return;
      try {
        const pod = await api.readPod(machineName(id));
        if (pod) observe(id, stateOfPod(pod));
        await readLogs(id, pod);
        machine.lastProblem = undefined;
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        if (problem !== machine.lastProblem) {
          log(id, "system", `Reading the logs failed: ${problem}`);
        }
        machine.lastProblem = problem;
      }
      machine.follow = undefined;
      if (machines.get(id) === machine) follow(id);
    }, pollMs);
  }

  async function removeWorkPod(id: string) {
    const machine = known(id);
    clearTimeout(machine.workIdle);
    machine.workIdle = undefined;
    await api.remove("pods", workPodName(id));
  }

  async function ensureWorkPod(id: string, spec: MachineSpec) {
    const name = workPodName(id);
    const pod = await api.readPod(name);
    if (pod && containerRunning(pod)) return;
    if (pod && stateOfPod(pod).state === "starting") return podRunning(name);
    if (pod) {
      // Ended (its hour is up) or going: a fresh one.
      await api.remove("pods", name);
      await podGone(name);
    }
    await api.create("networkpolicies", machineNetworkPolicy(config, spec));
    if (await api.create("pods", machinePod(config, spec, "work"))) {
      log(id, "system", "work pod started for files and commands");
    }
    await podRunning(name);
  }

  /** The pod to run writes and commands in: the app's when it runs, else the work pod. */
  async function podForWork(id: string): Promise<string> {
    const spec = await needSpec(id);
    const name = machineName(id);
    const pod = await api.readPod(name);
    if (pod) {
      if (containerRunning(pod)) return name;
      const observed = stateOfPod(pod);
      if (observed.state === "starting") {
        await podRunning(name);
        return name;
      }
      const ended = pod.status?.phase === "Failed" || pod.status?.phase === "Succeeded";
      // An ended pod has let go of the workspace and stays, so that its state and reason still
      // show; one that is still trying (CrashLoopBackOff) holds the workspace, and goes.
      if (!ended) {
        if (observed.state === "failed") {
          await keepLastLines(id, pod);
          await api.remove("pods", name);
        }
        await podGone(name);
      }
    }
    const machine = known(id);
    // Two writes at once share one work pod.
    machine.workPod ??= ensureWorkPod(id, spec).finally(() => {
      machine.workPod = undefined;
    });
    await machine.workPod;
    clearTimeout(machine.workIdle);
    machine.workIdle = setTimeout(() => {
      void removeWorkPod(id).catch((error: Error) =>
        log(id, "system", `Removing the idle work pod failed: ${error.message}`),
      );
    }, workPodIdleMs);
    machine.workIdle.unref();
    return workPodName(id);
  }

  /** Makes the policy, the workspace and the service; on a failure removes what it made. */
  async function makeObjects(spec: MachineSpec): Promise<{ adopted: boolean }> {
    const name = machineName(spec.id);
    const made: Array<"networkpolicies" | "persistentvolumeclaims" | "services"> = [];
    let adopted = false;
    try {
      // The policy first: nothing of the machine exists without its walls.
      for (const [resource, body] of [
        ["networkpolicies", machineNetworkPolicy(config, spec)],
        ["persistentvolumeclaims", workspaceClaim(config, spec)],
        ["services", machineService(config, spec)],
      ] as const) {
        if (await api.create(resource, body)) made.unshift(resource);
        else adopted = true;
      }
      // An adopted workspace takes this spec, which the next start reads.
      const claim = adopted ? await api.readClaim(name) : null;
      const text = JSON.stringify(spec);
      if (claim && claim.metadata?.annotations?.[specAnnotation(config)] !== text) {
        await api.annotateClaim(claim, specAnnotation(config), text);
      }
      return { adopted };
    } catch (error) {
      const left: string[] = [];
      for (const resource of made) {
        await api.remove(resource, name).catch((failure: Error) => left.push(failure.message));
      }
      if (left.length === 0 || !(error instanceof KubernetesApiError)) throw error;
      throw new KubernetesApiError(
        `${error.message} Removing what was made failed too, so objects of machine ${spec.id} are left: ${left.join(" ")}`,
        error.status,
        error.action,
        { cause: error },
      );
    }
  }

  const driver = {
    name: "kubernetes",

    async create(spec: MachineSpec): Promise<MachineStatus> {
      checkMachineId(spec.id);
      const { adopted } = await makeObjects(spec);
      known(spec.id).spec = spec;
      if (adopted) {
        log(spec.id, "system", "adopted the machine's existing objects");
        const current = await statusOf(spec.id);
        if (current) return current;
      }
      return observe(spec.id, { state: "created" });
    },

    async start(id: string): Promise<MachineStatus> {
      const spec = await needSpec(id);
      const name = machineName(id);
      const pod = await api.readPod(name);
      if (pod) {
        const observed = stateOfPod(pod);
        if (observed.state === "running" || observed.state === "starting") {
          return observe(id, observed);
        }
        if (observed.state === "failed") {
          await keepLastLines(id, pod);
          await api.remove("pods", name);
        }
        if (!(await podGone(name))) {
          throw new Error(`The machine's old pod ${name} did not go within ${stopTimeoutMs} ms.`);
        }
      }
      // The workspace is the app's alone again; the policy is there before the pod is.
      await removeWorkPod(id);
      await api.create("networkpolicies", machineNetworkPolicy(config, spec));
      await api.create("pods", machinePod(config, spec, "app"));
      const created = await api.readPod(name);
      return observe(id, created ? stateOfPod(created) : { state: "starting" });
    },

    async stop(id: string): Promise<MachineStatus> {
      await needSpec(id);
      const name = machineName(id);
      const pod = await api.readPod(name);
      if (pod) {
        await keepLastLines(id, pod);
        await api.remove("pods", name);
        observe(id, { state: "stopping" });
        if (!(await podGone(name))) return observe(id, { state: "stopping" });
      }
      return observe(id, { state: "stopped" });
    },

    async restart(id: string): Promise<MachineStatus> {
      await driver.stop(id);
      return driver.start(id);
    },

    async destroy(id: string): Promise<void> {
      checkMachineId(id);
      const name = machineName(id);
      const machine = machines.get(id);
      clearTimeout(machine?.follow);
      clearTimeout(machine?.workIdle);
      machines.delete(id);
      const failures: unknown[] = [];
      const attempt = async (run: () => Promise<unknown>) => {
        await run().catch((error: unknown) => failures.push(error));
      };
      await attempt(() => api.remove("pods", name));
      await attempt(() => api.remove("pods", workPodName(id)));
      await attempt(async () => {
        if (!(await podGone(name)) || !(await podGone(workPodName(id)))) {
          throw new Error(`The pods of machine ${id} did not go within ${stopTimeoutMs} ms.`);
        }
      });
      await attempt(() => api.remove("services", name));
      await attempt(() => api.remove("persistentvolumeclaims", name));
      // The policy goes last, and only once all else has: it still walls in what is left.
      if (failures.length === 0) await attempt(() => api.remove("networkpolicies", name));
      if (failures.length > 0) throw failures[0];
    },

    async status(id: string): Promise<MachineStatus | null> {
      checkMachineId(id);
      return statusOf(id);
    },

    async waitFor(id: string, states: MachineState[], timeoutMs: number) {
      checkMachineId(id);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await statusOf(id);
        if (!current || states.includes(current.state) || Date.now() >= deadline) return current;
        await delay(Math.max(0, Math.min(pollMs, deadline - Date.now())));
      }
    },

    async writeFiles(id: string, files: FileWrite[]): Promise<void> {
      checkMachineId(id);
      for (const file of files) checkWorkspacePath(file.path);
      if (files.length === 0) return;
      const pod = await podForWork(id);
      const input = Buffer.from(JSON.stringify(files), "utf8");
      const result = await api.exec(
        pod,
        ["node", "-e", WRITE_SCRIPT, WORKSPACE],
        input,
        requestTimeoutMs * 4,
      );
      if (result.exitCode !== 0) {
        throw new Error(
          `Writing ${files.length} file(s) in machine ${id} failed (exit code ${result.exitCode}): ${result.stderr.trim().slice(-1_000)}`,
        );
      }
    },

    async logs(
      id: string,
      { afterSeq, limit = 1_000 }: { afterSeq?: number; limit?: number } = {},
    ) {
      checkMachineId(id);
      const pod = await api.readPod(machineName(id));
      if (!pod && !machines.has(id)) return [];
      if (pod) observe(id, stateOfPod(pod));
      await readLogs(id, pod);
      const after = afterSeq ?? 0;
      return known(id)
        .lines.filter((line) => line.seq > after)
        .slice(0, limit);
    },

    followLogs(id: string, listener: (line: LogLine) => void): () => void {
      checkMachineId(id);
      const machine = known(id);
      machine.listeners.add(listener);
      follow(id);
      return () => {
        machine.listeners.delete(listener);
        if (machine.listeners.size === 0) {
          clearTimeout(machine.follow);
          machine.follow = undefined;
        }
      };
    },

    async exec(id: string, command: string[], { timeoutMs }: { timeoutMs: number }) {
      checkMachineId(id);
      const pod = await podForWork(id);
      const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
      const started = Date.now();
      // `timeout` ends the command inside the machine (closing the socket would not): 124 when it
      // did, 137 when the command ignored TERM and was killed.
      const result = await api.exec(
        pod,
        ["timeout", "-k", "2", String(seconds), ...command],
        undefined,
        timeoutMs + 10_000,
      );
      const timedOut =
        result.cutOff ||
        result.exitCode === 124 ||
        (result.exitCode === 137 && Date.now() - started >= timeoutMs);
      return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, timedOut };
    },

    async address(id: string): Promise<MachineAddress | null> {
      checkMachineId(id);
      // The proxy asks on every request: a state read within the poll interval is fresh enough.
      const machine = machines.get(id);
      const fresh = machine?.state === "running" && Date.now() - machine.seenAt < pollMs;
      if (!fresh && (await statusOf(id))?.state !== "running") return null;
      return {
        kind: "url",
        url: `http://${machineName(id)}.${namespace}.svc.cluster.local:${config.appPort}`,
      };
    },

    close() {
      for (const machine of machines.values()) {
        clearTimeout(machine.follow);
        clearTimeout(machine.workIdle);
        machine.listeners.clear();
      }
    },
  };
  return driver;
}
