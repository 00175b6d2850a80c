/**
 * A machine's state read from its pod (issue 18, ADR 0058): Kubernetes says phase, conditions
 * and container states; the builder wants starting, running, stopping, stopped or failed with a
 * reason a learner can read. Pure, so that every case is one unit test.
 */
import type { V1ContainerStatus, V1Pod } from "@kubernetes/client-node";
import { APP_CONTAINER } from "./kubernetes-objects.ts";
import type { MachineState } from "./machine-driver.ts";

export interface ObservedState {
  state: MachineState;
  reason?: string;
  /** When Kubernetes says the pod entered this state, when it says. */
  since?: Date;
}

const IMAGE_PROBLEMS = new Set(["ErrImagePull", "ImagePullBackOff", "InvalidImageName"]);
const CONTAINER_PROBLEMS = new Set([
  "CreateContainerConfigError",
  "CreateContainerError",
  "RunContainerError",
]);

function date(value: Date | string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

function mebibytes(quantity: string | undefined): string {
  const bytes = Number(quantity);
  return Number.isFinite(bytes) && bytes > 0 ? ` (${Math.round(bytes / 1024 ** 2)} MiB)` : "";
}

function ended(pod: V1Pod, container: V1ContainerStatus | undefined): string {
  const terminated = container?.state?.terminated ?? container?.lastState?.terminated;
  if (terminated?.reason === "OOMKilled") {
    const limit = pod.spec?.containers.find((c) => c.name === APP_CONTAINER)?.resources?.limits;
    return `The app ran out of memory${mebibytes(limit?.memory)}.`;
  }
  if (terminated) return `The app stopped on its own (exit code ${terminated.exitCode}).`;
  return "The app stopped on its own.";
}

/** Problems that leave the pod Pending for ever: a learner would wait on "starting" in vain. */
function stuck(pod: V1Pod): string | null {
  const statuses = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  for (const container of statuses) {
    const waiting = container.state?.waiting;
    if (waiting?.reason && IMAGE_PROBLEMS.has(waiting.reason)) {
      return `Kubernetes could not pull the machine's image ${container.image} (${waiting.reason}).`;
    }
    if (waiting?.reason && CONTAINER_PROBLEMS.has(waiting.reason)) {
      return `Kubernetes could not start the machine's container (${waiting.reason}: ${waiting.message ?? "no details"}).`;
    }
    const terminated = container.state?.terminated;
    if (container.name === "modules" && terminated && terminated.exitCode !== 0) {
      return `Copying the template's packages into the machine failed (exit code ${terminated.exitCode}).`;
    }
  }
  return null;
}

export function stateOfPod(pod: V1Pod): ObservedState {
  if (pod.metadata?.deletionTimestamp) return { state: "stopping" };
  const status = pod.status ?? {};
  const app = status.containerStatuses?.find((c) => c.name === APP_CONTAINER);
  const problem = stuck(pod);
  if (problem) return { state: "failed", reason: problem };
  switch (status.phase) {
    case "Pending":
    case undefined:
      return { state: "starting", since: date(pod.metadata?.creationTimestamp) };
    case "Running": {
      if (app?.state?.waiting?.reason === "CrashLoopBackOff") {
        return {
          state: "failed",
          reason: `${ended(pod, app)} Kubernetes restarted it ${app.restartCount} times and is waiting before the next try.`,
        };
      }
      const ready = status.conditions?.find((c) => c.type === "Ready");
      if (app?.ready && ready?.status === "True") {
        return { state: "running", since: date(ready.lastTransitionTime) };
      }
      return {
        state: "starting",
        since: date(app?.state?.running?.startedAt ?? status.startTime),
      };
    }
    case "Succeeded":
    case "Failed": {
      if (status.reason === "Evicted") {
        return {
          state: "failed",
          reason: `Kubernetes evicted the machine: ${status.message ?? "the node ran short"}.`,
        };
      }
      if (status.reason === "DeadlineExceeded") {
        return { state: "failed", reason: "The machine ran past its time limit." };
      }
      return {
        state: "failed",
        reason: ended(pod, app),
        since: date(app?.state?.terminated?.finishedAt),
      };
    }
    default:
      return {
        state: "failed",
        reason: "Kubernetes lost contact with the machine's node (pod phase Unknown).",
      };
  }
}

/** Whether commands can run in the pod now: its app container has started and not ended. */
export function containerRunning(pod: V1Pod): boolean {
  if (pod.metadata?.deletionTimestamp) return false;
  const app = pod.status?.containerStatuses?.find((c) => c.name === APP_CONTAINER);
  return pod.status?.phase === "Running" && Boolean(app?.state?.running);
}

/** Whether the pod has written anything to its log yet (a waiting container answers 400). */
export function hasLog(pod: V1Pod): boolean {
  const app = pod.status?.containerStatuses?.find((c) => c.name === APP_CONTAINER);
  return Boolean(app?.state?.running || app?.state?.terminated || app?.lastState?.terminated);
}
