import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeKubernetes,
  runningStatus,
  startFakeKubernetes,
} from "../testing/fake-kubernetes.ts";
import {
  createKubernetesDriver,
  KubernetesApiError,
  type KubernetesDriverOptions,
  WRITE_SCRIPT,
} from "./kubernetes-driver.ts";
import type { MachineSpec } from "./machine-driver.ts";

const ID = "0b6f3c8e-3f7a-4c59-9d5e-1a2b3c4d5e6f";
const NAME = `machine-${ID}`;
const WORK = `${NAME}-work`;
const NS = "lumen-machines";

const SPEC: MachineSpec = {
  id: ID,
  ownerId: "7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6",
  role: "preview",
  mode: "development",
  limits: { memoryBytes: 512 * 1024 ** 2, cpus: 0.5, processes: 256, diskBytes: 1024 ** 3 },
};

let fake: FakeKubernetes;
const drivers: Array<ReturnType<typeof createKubernetesDriver>> = [];

function driverWith(overrides: Partial<KubernetesDriverOptions> = {}) {
  const driver = createKubernetesDriver({
    namespace: NS,
    image: "lumen-app-runtime:1",
    serverPodLabels: { "app.kubernetes.io/name": "lumen-server" },
    kubeConfig: fake.kubeConfig,
    pollMs: 10,
    requestTimeoutMs: 10_000,
    ...overrides,
  });
  drivers.push(driver);
  return driver;
}

beforeEach(async () => {
  fake = await startFakeKubernetes();
});

afterEach(async () => {
  for (const driver of drivers.splice(0)) driver.close();
  await fake.close();
});

/** Calls made since `from`, as "METHOD kind[/sub] name". */
function callsSince(from: number): string[] {
  return fake.callList().slice(from);
}

async function failure(promise: Promise<unknown>): Promise<KubernetesApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KubernetesApiError);
  return error as KubernetesApiError;
}

describe("create", () => {
  it("makes the policy, the workspace and the service, in that order, and no pod", async () => {
    const driver = driverWith({ storageClassName: "fast" });
    const status = await driver.create(SPEC);
    expect(status).toMatchObject({ id: ID, state: "created" });
    expect(fake.callList()).toEqual([
      `POST networkpolicies ${NAME}`,
      `POST persistentvolumeclaims ${NAME}`,
      `POST services ${NAME}`,
    ]);
    expect(fake.calls.every((c) => c.authorization === "Bearer fake-token")).toBe(true);
    // What Kubernetes received, field names as on the wire.
    expect(fake.get("networkpolicies", NAME)?.spec).toEqual({
      podSelector: { matchLabels: { "lumen.dev/machine": ID } },
      policyTypes: ["Ingress", "Egress"],
      ingress: [
        {
          from: [{ podSelector: { matchLabels: { "app.kubernetes.io/name": "lumen-server" } } }],
          ports: [{ protocol: "TCP", port: 3000 }],
        },
      ],
      egress: [],
    });
    expect(fake.get("persistentvolumeclaims", NAME)?.spec).toEqual({
      accessModes: ["ReadWriteOnce"],
      volumeMode: "Filesystem",
      storageClassName: "fast",
      resources: { requests: { storage: String(1024 ** 3) } },
    });
    expect(fake.get("services", NAME)?.spec).toMatchObject({
      type: "ClusterIP",
      selector: { "lumen.dev/machine": ID, "lumen.dev/part": "app" },
    });
    expect(fake.has("pods", NAME)).toBe(false);
    expect(await driver.status(ID)).toMatchObject({ state: "created" });
  });

  it("adopts objects that are already there (409) and deletes nothing", async () => {
    await driverWith().create(SPEC);
    // A server restarted after a create that it did not see finish.
    const again = driverWith();
    const from = fake.calls.length;
    const status = await again.create(SPEC);
    expect(status).toMatchObject({ state: "stopped" });
    expect(callsSince(from).filter((c) => c.startsWith("DELETE"))).toEqual([]);
    expect(fake.count()).toBe(3);
  });

  it("gives an adopted workspace the new spec, which the next start uses", async () => {
    await driverWith().create(SPEC);
    const bigger: MachineSpec = { ...SPEC, limits: { ...SPEC.limits, memoryBytes: 1024 ** 3 } };
    await driverWith().create(bigger);
    expect(fake.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      [{ op: "add", path: "/metadata/annotations/lumen.dev~1spec", value: JSON.stringify(bigger) }],
    ]);
    await driverWith().start(ID);
    expect(fake.get("pods", NAME)?.spec.containers[0].resources.limits.memory).toBe(
      String(1024 ** 3),
    );
  });

  it("removes what it made when a later step fails, and says which step", async () => {
    const driver = driverWith();
    fake.failNext({
      method: "POST",
      kind: "services",
      status: 500,
      message: "etcdserver: timeout",
    });
    const error = await failure(driver.create(SPEC));
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      `Kubernetes failed to create services "${NAME}" in namespace "${NS}" (500). Kubernetes said: etcdserver: timeout`,
    );
    expect(fake.callList().slice(-2)).toEqual([
      `DELETE persistentvolumeclaims ${NAME}`,
      `DELETE networkpolicies ${NAME}`,
    ]);
    expect(fake.count()).toBe(0);
    expect(await driver.status(ID)).toBeNull();
  });

  it("keeps an adopted workspace when it removes what it made", async () => {
    const driver = driverWith();
    fake.put("persistentvolumeclaims", {
      metadata: { name: NAME, annotations: { "lumen.dev/spec": JSON.stringify(SPEC) } },
    });
    fake.failNext({ method: "POST", kind: "services", status: 503 });
    await failure(driver.create(SPEC));
    expect(fake.has("persistentvolumeclaims", NAME)).toBe(true);
    expect(fake.has("networkpolicies", NAME)).toBe(false);
  });

  it("names the missing permission on 403", async () => {
    const driver = driverWith();
    fake.failNext({
      method: "POST",
      kind: "persistentvolumeclaims",
      status: 403,
      message: `persistentvolumeclaims is forbidden: User "system:serviceaccount:lumen:lumen-server" cannot create resource "persistentvolumeclaims"`,
    });
    const error = await failure(driver.create(SPEC));
    expect(error.status).toBe(403);
    expect(error.message).toContain(
      `Kubernetes forbids the server to create persistentvolumeclaims "${NAME}" in namespace "${NS}" (403): its service account needs the "create" permission on "persistentvolumeclaims" in namespace "${NS}"`,
    );
    expect(error.message).toContain('cannot create resource "persistentvolumeclaims"');
    expect(fake.count()).toBe(0);
  });

  it("says the credentials were refused on 401", async () => {
    const driver = driverWith();
    fake.failNext({ method: "POST", kind: "networkpolicies", status: 401 });
    const error = await failure(driver.create(SPEC));
    expect(error.message).toBe(
      `Kubernetes did not accept the server's credentials (401) when asked to create networkpolicies "${NAME}" in namespace "${NS}": check the kubeconfig or the service account token.`,
    );
  });

  it("says the object was invalid on 422, with Kubernetes' reason", async () => {
    const driver = driverWith({ storageClassName: "Not_Valid" });
    fake.failNext({
      method: "POST",
      kind: "persistentvolumeclaims",
      status: 422,
      message: 'PersistentVolumeClaim "x" is invalid: spec.storageClassName: Invalid value',
    });
    const error = await failure(driver.create(SPEC));
    expect(error.status).toBe(422);
    expect(error.message).toContain("Kubernetes refused the object as invalid (422)");
    expect(error.message).toContain("spec.storageClassName: Invalid value");
  });

  it("gives up on an API that does not answer, and removes what it made", async () => {
    // Long enough for the calls that do answer on a busy machine.
    const driver = driverWith({ requestTimeoutMs: 2_000 });
    fake.failNext({ method: "POST", kind: "services", status: 0, hang: true });
    const error = await failure(driver.create(SPEC));
    expect(error.status).toBeNull();
    expect(error.message).toBe(
      `Kubernetes did not answer within 2000 ms when asked to create services "${NAME}" in namespace "${NS}".`,
    );
    expect(fake.count()).toBe(0);
  });

  it("refuses an empty server selector: it would let every pod in", () => {
    expect(() => driverWith({ serverPodLabels: {} })).toThrow("MACHINE_K8S_SERVER_LABEL");
  });

  it("refuses an id that is not a UUID before any call", async () => {
    const driver = driverWith();
    await expect(driver.create({ ...SPEC, id: "../../etc" })).rejects.toThrow("Not a machine id");
    expect(fake.calls).toEqual([]);
  });
});

describe("start, stop and status", () => {
  it("start re-asserts the policy, then makes the restricted pod", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    const from = fake.calls.length;
    const status = await driver.start(ID);
    expect(status).toMatchObject({ state: "starting" });
    expect(callsSince(from)).toEqual([
      `GET persistentvolumeclaims ${NAME}`,
      `GET pods ${NAME}`,
      `DELETE pods ${WORK}`,
      `POST networkpolicies ${NAME}`,
      `POST pods ${NAME}`,
      `GET pods ${NAME}`,
    ]);
    const pod = fake.get("pods", NAME)!;
    expect(pod.spec.automountServiceAccountToken).toBe(false);
    expect(pod.spec.enableServiceLinks).toBe(false);
    expect(pod.spec).not.toHaveProperty("runtimeClassName");
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10_001 });
    expect(pod.spec.containers[0].securityContext).toEqual({
      runAsNonRoot: true,
      runAsUser: 10_001,
      runAsGroup: 10_001,
      privileged: false,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(pod.spec.containers[0].resources.limits).toEqual({
      cpu: "500m",
      memory: String(512 * 1024 ** 2),
      "ephemeral-storage": String(2 * 1024 ** 3),
    });
    expect(pod.spec.volumes[0]).toEqual({
      name: "workspace",
      persistentVolumeClaim: { claimName: NAME },
    });
  });

  it("sets the RuntimeClass on the pod only when the operator names one", async () => {
    const driver = driverWith({ runtimeClassName: "gvisor" });
    await driver.create(SPEC);
    await driver.start(ID);
    expect(fake.get("pods", NAME)?.spec.runtimeClassName).toBe("gvisor");
  });

  it("maps each phase of the pod to a state, and the address to the service", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    expect(await driver.address(ID)).toBeNull();

    fake.setPodStatus(NAME, runningStatus(false));
    expect(await driver.status(ID)).toMatchObject({ state: "starting" });

    fake.setPodStatus(NAME, runningStatus(true));
    expect(await driver.status(ID)).toMatchObject({ state: "running" });
    expect(await driver.address(ID)).toEqual({
      kind: "url",
      url: `http://${NAME}.${NS}.svc.cluster.local:3000`,
    });

    fake.setPodStatus(NAME, {
      phase: "Running",
      containerStatuses: [
        {
          name: "app",
          image: "lumen-app-runtime:1",
          imageID: "",
          ready: false,
          restartCount: 3,
          state: { waiting: { reason: "CrashLoopBackOff" } },
          lastState: { terminated: { exitCode: 1 } },
        },
      ],
    });
    expect(await driver.status(ID)).toMatchObject({
      state: "failed",
      reason:
        "The app stopped on its own (exit code 1). Kubernetes restarted it 3 times and is waiting before the next try.",
    });

    fake.setPodStatus(NAME, {
      phase: "Failed",
      containerStatuses: [
        {
          name: "app",
          image: "lumen-app-runtime:1",
          imageID: "",
          ready: false,
          restartCount: 0,
          state: { terminated: { exitCode: 137, reason: "OOMKilled" } },
        },
      ],
    });
    expect(await driver.status(ID)).toMatchObject({
      state: "failed",
      reason: "The app ran out of memory (512 MiB).",
    });
    expect(await driver.address(ID)).toBeNull();
    // Each change of state is a system line of the machine's log.
    const system = (await driver.logs(ID)).filter((l) => l.stream === "system").map((l) => l.text);
    expect(system).toEqual([
      "created",
      "starting",
      "running",
      "failed: The app stopped on its own (exit code 1). Kubernetes restarted it 3 times and is waiting before the next try.",
      "failed: The app ran out of memory (512 MiB).",
    ]);
  });

  it("stop deletes the pod and keeps the workspace; start makes the pod again", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.setPodStatus(NAME, runningStatus());
    const stopped = await driver.stop(ID);
    expect(stopped).toMatchObject({ state: "stopped" });
    expect(fake.has("pods", NAME)).toBe(false);
    expect(fake.has("persistentvolumeclaims", NAME)).toBe(true);
    expect(fake.has("services", NAME)).toBe(true);
    expect(await driver.status(ID)).toMatchObject({ state: "stopped" });

    // A new server process starts it again from the workspace's annotation.
    const restarted = driverWith();
    expect(await restarted.start(ID)).toMatchObject({ state: "starting" });
    expect(fake.get("pods", NAME)?.spec.volumes[0].persistentVolumeClaim).toEqual({
      claimName: NAME,
    });
  });

  it("stop waits while the pod terminates (stopping), then says stopped", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.keepDeletedPods(3);
    expect(await driver.stop(ID)).toMatchObject({ state: "stopped" });
    const lines = (await driver.logs(ID)).map((l) => l.text);
    expect(lines.slice(-2)).toEqual(["stopping", "stopped"]);
  });

  it("start after a failure deletes the dead pod and makes a new one", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.setPodStatus(NAME, {
      phase: "Failed",
      containerStatuses: [
        {
          name: "app",
          image: "lumen-app-runtime:1",
          imageID: "",
          ready: false,
          restartCount: 0,
          state: { terminated: { exitCode: 1 } },
        },
      ],
    });
    const from = fake.calls.length;
    expect(await driver.restart(ID)).toMatchObject({ state: "starting" });
    expect(
      callsSince(from).filter((c) => c.startsWith("POST pods") || c.startsWith("DELETE pods")),
    ).toEqual([`DELETE pods ${NAME}`, `DELETE pods ${WORK}`, `POST pods ${NAME}`]);
    expect(fake.get("pods", NAME)?.status).toEqual({ phase: "Pending" });
  });

  it("waitFor polls until the state is reached, or answers the last status at the deadline", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.onPodRead((pod, reads) => {
      if (reads >= 4) pod.status = runningStatus();
    });
    expect(await driver.waitFor(ID, ["running"], 60_000)).toMatchObject({ state: "running" });
    fake.onPodRead(() => {});
    expect(await driver.waitFor(ID, ["stopped"], 30)).toMatchObject({ state: "running" });
  });

  it("knows nothing of a machine that was never made", async () => {
    const driver = driverWith();
    const other = "11111111-2222-4333-8444-555555555555";
    expect(await driver.status(other)).toBeNull();
    expect(await driver.waitFor(other, ["running"], 1_000)).toBeNull();
    expect(await driver.address(other)).toBeNull();
    expect(await driver.logs(other)).toEqual([]);
    await expect(driver.start(other)).rejects.toThrow(`No machine ${other}`);
  });
});

describe("destroy", () => {
  it("removes every object, the policy last, and a second destroy is not an error", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    const from = fake.calls.length;
    await driver.destroy(ID);
    expect(callsSince(from).filter((c) => c.startsWith("DELETE"))).toEqual([
      `DELETE pods ${NAME}`,
      `DELETE pods ${WORK}`,
      `DELETE services ${NAME}`,
      `DELETE persistentvolumeclaims ${NAME}`,
      `DELETE networkpolicies ${NAME}`,
    ]);
    expect(fake.count()).toBe(0);
    expect(await driver.status(ID)).toBeNull();
    await driver.destroy(ID);
  });

  it("goes on past a failure, keeps the policy, and a second try finishes", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    fake.failNext({ method: "DELETE", kind: "services", status: 500, message: "boom" });
    const error = await failure(driver.destroy(ID));
    expect(error.message).toContain(`Kubernetes failed to delete services "${NAME}"`);
    expect(fake.has("persistentvolumeclaims", NAME)).toBe(false);
    expect(fake.has("networkpolicies", NAME)).toBe(true);
    await driver.destroy(ID);
    expect(fake.count()).toBe(0);
  });
});

describe("logs", () => {
  async function running() {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.setPodStatus(NAME, runningStatus());
    return driver;
  }

  it("numbers the pod's lines after the system lines, one by one", async () => {
    const driver = await running();
    fake.addLog(NAME, [
      ["2026-11-27T10:00:00.1Z", "app ready on port 3000"],
      ["2026-11-27T10:00:01.2Z", "GET /"],
    ]);
    const lines = await driver.logs(ID);
    expect(lines.map((l) => [l.seq, l.stream, l.text])).toEqual([
      [1, "system", "created"],
      [2, "system", "starting"],
      [3, "system", "running"],
      [4, "stdout", "app ready on port 3000"],
      [5, "stdout", "GET /"],
    ]);
    expect(lines[3]?.at).toBe("2026-11-27T10:00:00.100Z");
    const read = fake.calls.find((c) => c.sub === "log")!;
    expect(read.query.get("timestamps")).toBe("true");
    expect(read.query.get("container")).toBe("app");
    expect(read.query.get("tailLines")).toBe("2000");

    // The next read starts at the last line's second and repeats nothing.
    fake.addLog(NAME, [["2026-11-27T10:00:01.7Z", "GET /api/todos"]]);
    expect((await driver.logs(ID, { afterSeq: 5 })).map((l) => [l.seq, l.text])).toEqual([
      [6, "GET /api/todos"],
    ]);
    const again = fake.calls.filter((c) => c.sub === "log").at(-1)!;
    expect(again.query.get("sinceTime")).toBe("2026-11-27T10:00:01Z");
    expect(await driver.logs(ID, { afterSeq: 1, limit: 2 })).toHaveLength(2);
  });

  it("keeps the lines across a stop and goes on numbering on the next pod", async () => {
    const driver = await running();
    fake.addLog(NAME, [["2026-11-27T10:00:00Z", "first pod"]]);
    await driver.stop(ID);
    await driver.start(ID);
    fake.setPodStatus(NAME, runningStatus());
    fake.addLog(NAME, [["2026-11-27T10:05:00Z", "second pod"]]);
    const texts = (await driver.logs(ID)).map((l) => `${l.seq} ${l.text}`);
    expect(texts).toEqual([
      "1 created",
      "2 starting",
      "3 first pod",
      "4 stopping",
      "5 stopped",
      "6 starting",
      "7 running",
      "8 second pod",
    ]);
  });

  it("reads nothing from a container that has not started (the API answers 400)", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.setPodStatus(NAME, {
      phase: "Pending",
      containerStatuses: [
        {
          name: "app",
          image: "lumen-app-runtime:1",
          imageID: "",
          ready: false,
          restartCount: 0,
          state: { waiting: { reason: "ContainerCreating" } },
        },
      ],
    });
    expect((await driver.logs(ID)).map((l) => l.stream)).toEqual(["system", "system"]);
  });

  it("follows by polling: a listener gets new lines and state changes until it leaves", async () => {
    const driver = await running();
    const seen: string[] = [];
    const leave = driver.followLogs(ID, (line) => seen.push(`${line.seq} ${line.text}`));
    fake.addLog(NAME, [["2026-11-27T10:00:00Z", "hello"]]);
    await expect.poll(() => seen, { timeout: 20_000 }).toContain("4 hello");
    expect(seen[0]).toBe("3 running");
    leave();
    const count = seen.length;
    fake.addLog(NAME, [["2026-11-27T10:00:09Z", "after leaving"]]);
    // Its next read happens only when asked for.
    expect((await driver.logs(ID)).at(-1)?.text).toBe("after leaving");
    expect(seen).toHaveLength(count);
  });
});

describe("exec and writeFiles", () => {
  async function running() {
    const driver = driverWith();
    await driver.create(SPEC);
    await driver.start(ID);
    fake.setPodStatus(NAME, runningStatus());
    return driver;
  }

  it("runs the command in the app's container under `timeout`, with its output and exit code", async () => {
    const driver = await running();
    const seen: string[][] = [];
    fake.answerExec(({ command, pod, container }) => {
      seen.push([pod, container, ...command]);
      return { stdout: "ok\n", stderr: "warn\n", exitCode: 2 };
    });
    const result = await driver.exec(ID, ["npx", "tsc", "--noEmit"], { timeoutMs: 4_500 });
    expect(seen).toEqual([[NAME, "app", "timeout", "-k", "2", "5", "npx", "tsc", "--noEmit"]]);
    expect(result).toEqual({ exitCode: 2, stdout: "ok\n", stderr: "warn\n", timedOut: false });

    fake.answerExec(() => ({ exitCode: 0, stdout: "fine" }));
    expect(await driver.exec(ID, ["true"], { timeoutMs: 1_000 })).toEqual({
      exitCode: 0,
      stdout: "fine",
      stderr: "",
      timedOut: false,
    });
  });

  it("says timedOut when `timeout` ended the command (124)", async () => {
    const driver = await running();
    fake.answerExec(() => ({ exitCode: 124 }));
    expect(await driver.exec(ID, ["sleep", "100"], { timeoutMs: 1_000 })).toMatchObject({
      exitCode: 124,
      timedOut: true,
    });
  });

  it("answers 127 with the reason when the command cannot run", async () => {
    const driver = await running();
    fake.answerExec(() => ({
      exitCode: -1,
      failure: 'exec: "nope": executable file not found in $PATH',
    }));
    const result = await driver.exec(ID, ["nope"], { timeoutMs: 1_000 });
    expect(result.exitCode).toBe(127);
    expect(result.stderr).toContain("executable file not found");
  });

  it("names the permission when exec is forbidden", async () => {
    const driver = await running();
    fake.failNext({ method: "GET", kind: "pods", sub: "exec", status: 403 });
    const error = await failure(driver.exec(ID, ["ls"], { timeoutMs: 1_000 }));
    expect(error.message).toContain(
      `its service account needs the "create" permission on "pods/exec" in namespace "${NS}"`,
    );
  });

  it("writes and deletes files through the machine's node, quoting nothing through a shell", async () => {
    const driver = await running();
    const workspace = mkdtempSync(path.join(tmpdir(), "k8s-write-"));
    try {
      writeFileSync(path.join(workspace, "old.txt"), "bye");
      let command: string[] = [];
      fake.answerExec(({ command: argv, stdin }) => {
        command = argv;
        // The script really runs, with the workspace in place of /app.
        const run = spawnSync(process.execPath, ["-e", argv[2]!, workspace], { input: stdin });
        return { exitCode: run.status ?? 1, stderr: run.stderr.toString() };
      });
      await driver.writeFiles(ID, [
        { path: "src/it's $(rm -rf) `x`.ts", content: "export const a = 1;\n" },
        { path: "old.txt", content: null },
      ]);
      expect(command).toEqual(["node", "-e", WRITE_SCRIPT, "/app"]);
      expect(readFileSync(path.join(workspace, "src", "it's $(rm -rf) `x`.ts"), "utf8")).toBe(
        "export const a = 1;\n",
      );
      expect(existsSync(path.join(workspace, "old.txt"))).toBe(false);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it("refuses paths outside the workspace or in the packages before any call", async () => {
    const driver = await running();
    const from = fake.calls.length;
    for (const bad of ["../x", "/etc/passwd", "a/../../x", "node_modules/react/index.js", ""]) {
      await expect(driver.writeFiles(ID, [{ path: bad, content: "x" }])).rejects.toThrow(
        "Refused path",
      );
    }
    expect(fake.calls.length).toBe(from);
  });

  it("the script itself refuses a path that escapes, should one get through", () => {
    const workspace = mkdtempSync(path.join(tmpdir(), "k8s-write-"));
    try {
      const run = spawnSync(process.execPath, ["-e", WRITE_SCRIPT, workspace], {
        input: JSON.stringify([{ path: "../escaped.txt", content: "x" }]),
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr.toString()).toContain("Refused path ../escaped.txt");
      expect(existsSync(path.join(workspace, "..", "escaped.txt"))).toBe(false);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it("uses a work pod on the same workspace while the app is stopped, and start removes it", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    fake.onPodCreated((pod) => {
      if (pod.metadata.name === WORK) pod.status = runningStatus(false);
    });
    const pods: string[] = [];
    fake.answerExec(({ pod }) => {
      pods.push(pod);
      return { exitCode: 0 };
    });
    await driver.writeFiles(ID, [{ path: "src/App.tsx", content: "x" }]);
    await driver.exec(ID, ["npx", "tsc"], { timeoutMs: 1_000 });
    expect(pods).toEqual([WORK, WORK]);
    const work = fake.get("pods", WORK)!;
    expect(work.metadata.labels["lumen.dev/part"]).toBe("work");
    expect(work.spec.volumes[0].persistentVolumeClaim).toEqual({ claimName: NAME });
    expect(work.spec.containers[0].securityContext.readOnlyRootFilesystem).toBe(true);
    expect(fake.callList().filter((c) => c === `POST pods ${WORK}`)).toHaveLength(1);

    const from = fake.calls.length;
    await driver.start(ID);
    const order = callsSince(from).filter((c) => /^(POST|DELETE) pods/.test(c));
    expect(order).toEqual([`DELETE pods ${WORK}`, `POST pods ${NAME}`]);
    expect(fake.has("pods", WORK)).toBe(false);
  });

  it("after the app ended, runs commands in a work pod and keeps the failed state to show", async () => {
    const driver = await running();
    fake.setPodStatus(NAME, {
      phase: "Failed",
      containerStatuses: [
        {
          name: "app",
          image: "lumen-app-runtime:1",
          imageID: "",
          ready: false,
          restartCount: 0,
          state: { terminated: { exitCode: 1 } },
        },
      ],
    });
    fake.onPodCreated((pod) => {
      pod.status = runningStatus(false);
    });
    const pods: string[] = [];
    fake.answerExec(({ pod }) => {
      pods.push(pod);
      return { exitCode: 0 };
    });
    await driver.exec(ID, ["npx", "tsc"], { timeoutMs: 1_000 });
    expect(pods).toEqual([WORK]);
    expect(await driver.status(ID)).toMatchObject({
      state: "failed",
      reason: "The app stopped on its own (exit code 1).",
    });
  });

  it("fails clearly when the work pod cannot start", async () => {
    const driver = driverWith();
    await driver.create(SPEC);
    fake.onPodCreated((pod) => {
      pod.status = {
        phase: "Pending",
        containerStatuses: [
          {
            name: "app",
            image: "lumen-app-runtime:1",
            imageID: "",
            ready: false,
            restartCount: 0,
            state: { waiting: { reason: "ErrImagePull" } },
          },
        ],
      };
    });
    await expect(driver.writeFiles(ID, [{ path: "a.txt", content: "x" }])).rejects.toThrow(
      "Kubernetes could not pull the machine's image lumen-app-runtime:1 (ErrImagePull).",
    );
  });
});
