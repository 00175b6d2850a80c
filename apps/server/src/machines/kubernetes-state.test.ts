import type { V1ContainerStatus, V1Pod } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { containerRunning, hasLog, stateOfPod } from "./kubernetes-state.ts";

const T0 = new Date("2026-11-27T10:00:00Z");
const T1 = new Date("2026-11-27T10:00:05Z");

function app(overrides: Partial<V1ContainerStatus>): V1ContainerStatus {
  return {
    name: "app",
    image: "lumen-app-runtime:1",
    imageID: "",
    ready: false,
    restartCount: 0,
    ...overrides,
  };
}

function pod(status: V1Pod["status"], metadata: V1Pod["metadata"] = {}): V1Pod {
  return {
    metadata: { name: "machine-x", creationTimestamp: T0, ...metadata },
    spec: {
      containers: [{ name: "app", resources: { limits: { memory: String(512 * 1024 ** 2) } } }],
    },
    status,
  };
}

describe("a pod's phase as a machine's state", () => {
  it("Pending → starting, since the pod was made", () => {
    expect(stateOfPod(pod({ phase: "Pending" }))).toEqual({ state: "starting", since: T0 });
  });

  it("Running and ready → running, since it became ready", () => {
    const running = pod({
      phase: "Running",
      conditions: [{ type: "Ready", status: "True", lastTransitionTime: T1 }],
      containerStatuses: [app({ ready: true, state: { running: { startedAt: T0 } } })],
    });
    expect(stateOfPod(running)).toEqual({ state: "running", since: T1 });
    expect(containerRunning(running)).toBe(true);
    expect(hasLog(running)).toBe(true);
  });

  it("Running but not ready yet → starting (the app does not answer yet)", () => {
    const notReady = pod({
      phase: "Running",
      conditions: [{ type: "Ready", status: "False" }],
      containerStatuses: [app({ state: { running: { startedAt: T1 } } })],
    });
    expect(stateOfPod(notReady)).toEqual({ state: "starting", since: T1 });
    expect(containerRunning(notReady)).toBe(true);
  });

  it("Failed → failed, with the exit code in plain words", () => {
    const failed = pod({
      phase: "Failed",
      containerStatuses: [
        app({ state: { terminated: { exitCode: 1, reason: "Error", finishedAt: T1 } } }),
      ],
    });
    expect(stateOfPod(failed)).toEqual({
      state: "failed",
      reason: "The app stopped on its own (exit code 1).",
      since: T1,
    });
    expect(containerRunning(failed)).toBe(false);
    expect(hasLog(failed)).toBe(true);
  });

  it("Succeeded → failed too: a server that ends is not running", () => {
    const ended = pod({
      phase: "Succeeded",
      containerStatuses: [app({ state: { terminated: { exitCode: 0, finishedAt: T1 } } })],
    });
    expect(stateOfPod(ended).reason).toBe("The app stopped on its own (exit code 0).");
  });

  it("OOMKilled → failed, naming the memory limit", () => {
    const oom = pod({
      phase: "Failed",
      containerStatuses: [app({ state: { terminated: { exitCode: 137, reason: "OOMKilled" } } })],
    });
    expect(stateOfPod(oom).reason).toBe("The app ran out of memory (512 MiB).");
  });

  it("CrashLoopBackOff → failed, with the last exit and the restarts", () => {
    const looping = pod({
      phase: "Running",
      containerStatuses: [
        app({
          restartCount: 4,
          state: { waiting: { reason: "CrashLoopBackOff" } },
          lastState: { terminated: { exitCode: 2 } },
        }),
      ],
    });
    expect(stateOfPod(looping)).toEqual({
      state: "failed",
      reason:
        "The app stopped on its own (exit code 2). Kubernetes restarted it 4 times and is waiting before the next try.",
    });
    expect(containerRunning(looping)).toBe(false);
  });

  it("an image that cannot be pulled → failed at once (Pending would last for ever)", () => {
    const pull = pod({
      phase: "Pending",
      containerStatuses: [app({ state: { waiting: { reason: "ImagePullBackOff" } } })],
    });
    expect(stateOfPod(pull)).toEqual({
      state: "failed",
      reason:
        "Kubernetes could not pull the machine's image lumen-app-runtime:1 (ImagePullBackOff).",
    });
    expect(hasLog(pull)).toBe(false);
  });

  it("a failed copy of the packages → failed", () => {
    const init = pod({
      phase: "Pending",
      initContainerStatuses: [app({ name: "modules", state: { terminated: { exitCode: 1 } } })],
    });
    expect(stateOfPod(init).reason).toBe(
      "Copying the template's packages into the machine failed (exit code 1).",
    );
  });

  it("Evicted → failed with Kubernetes' message", () => {
    const evicted = pod({
      phase: "Failed",
      reason: "Evicted",
      message: "The node was low on resource: ephemeral-storage",
    });
    expect(stateOfPod(evicted).reason).toBe(
      "Kubernetes evicted the machine: The node was low on resource: ephemeral-storage.",
    );
  });

  it("a pod being deleted → stopping", () => {
    const going = pod({ phase: "Running" }, { deletionTimestamp: T1 });
    expect(stateOfPod(going)).toEqual({ state: "stopping" });
    expect(containerRunning(going)).toBe(false);
  });

  it("Unknown → failed: the node was lost", () => {
    expect(stateOfPod(pod({ phase: "Unknown" })).reason).toBe(
      "Kubernetes lost contact with the machine's node (pod phase Unknown).",
    );
  });
});
