/**
 * The few Kubernetes API calls the machine driver makes (issue 18, ADR 0058), each with a time
 * limit and its failures said as KubernetesApiError (kubernetes-errors.ts): read, create and delete
 * the machine's objects, patch its workspace's annotation, read a pod's log, exec in a pod.
 * "Missing" (404) reads as null and "already there" (409) as adopted, not as failures.
 */
import { Writable } from "node:stream";
import {
  CoreV1Api,
  createConfiguration,
  Exec,
  type KubeConfig,
  Log,
  type Middleware,
  NetworkingV1Api,
  ServerConfiguration,
  type V1NetworkPolicy,
  type V1PersistentVolumeClaim,
  type V1Pod,
  type V1Service,
} from "@kubernetes/client-node";
import { explain, isStatus, type KubernetesAction } from "./kubernetes-errors.ts";
import { execInPod, type PodExecResult } from "./kubernetes-exec.ts";
import { APP_CONTAINER } from "./kubernetes-objects.ts";

export type Resource = "pods" | "services" | "persistentvolumeclaims" | "networkpolicies";
type MachineObject = V1Pod | V1Service | V1PersistentVolumeClaim | V1NetworkPolicy;

export interface MachineApi {
  readPod(name: string): Promise<V1Pod | null>;
  readClaim(name: string): Promise<V1PersistentVolumeClaim | null>;
  /** Makes the object; false when it was already there (409: adopted). */
  create(resource: Resource, body: MachineObject): Promise<boolean>;
  /** Deletes the object; false when it was not there (404). */
  remove(resource: Resource, name: string): Promise<boolean>;
  /** Sets one annotation of a workspace claim (a JSON Patch). */
  annotateClaim(claim: V1PersistentVolumeClaim, key: string, value: string): Promise<void>;
  /** The app container's log with timestamps; "" while the container has not started (400). */
  readLog(pod: string, options: { sinceTime?: string; tailLines?: number }): Promise<string>;
  exec(
    pod: string,
    command: string[],
    stdin: Buffer | undefined,
    deadlineMs: number,
  ): Promise<PodExecResult>;
}

const MAX_LOG_BYTES = 4 * 1024 * 1024;

export function machineApi(
  kubeConfig: KubeConfig,
  namespace: string,
  timeoutMs: number,
): MachineApi {
  const cluster = kubeConfig.getCurrentCluster();
  if (!cluster) throw new Error("The kubeconfig names no current cluster.");
  const timeLimit: Middleware = {
    pre: async (context) => {
      context.setSignal(AbortSignal.timeout(timeoutMs));
      return context;
    },
    post: async (response) => response,
  };
  // As KubeConfig.makeApiClient does, with every call's time limit added.
  const configuration = createConfiguration({
    baseServer: new ServerConfiguration(cluster.server, {}),
    authMethods: { default: kubeConfig },
    promiseMiddleware: [timeLimit],
  });
  const core = new CoreV1Api(configuration);
  const networking = new NetworkingV1Api(configuration);
  const exec = new Exec(kubeConfig);
  const podLog = new Log(kubeConfig);

  async function call<T>(action: Omit<KubernetesAction, "namespace">, run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      throw explain(error, { ...action, namespace }, timeoutMs);
    }
  }

  async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw error;
    }
  }

  function make(resource: Resource, body: MachineObject): Promise<unknown> {
    switch (resource) {
      case "pods":
        return core.createNamespacedPod({ namespace, body: body as V1Pod });
      case "services":
        return core.createNamespacedService({ namespace, body: body as V1Service });
      case "persistentvolumeclaims":
        return core.createNamespacedPersistentVolumeClaim({
          namespace,
          body: body as V1PersistentVolumeClaim,
        });
      case "networkpolicies":
        return networking.createNamespacedNetworkPolicy({
          namespace,
          body: body as V1NetworkPolicy,
        });
    }
  }
  const removers = {
    pods: (name: string) => core.deleteNamespacedPod({ name, namespace }),
    services: (name: string) => core.deleteNamespacedService({ name, namespace }),
    persistentvolumeclaims: (name: string) =>
      core.deleteNamespacedPersistentVolumeClaim({ name, namespace }),
    networkpolicies: (name: string) =>
      networking.deleteNamespacedNetworkPolicy({ name, namespace }),
  };

  return {
    readPod: (name) =>
      orNull(() =>
        call({ verb: "get", resource: "pods", name }, () =>
          core.readNamespacedPod({ name, namespace }),
        ),
      ),
    readClaim: (name) =>
      orNull(() =>
        call({ verb: "get", resource: "persistentvolumeclaims", name }, () =>
          core.readNamespacedPersistentVolumeClaim({ name, namespace }),
        ),
      ),
    async create(resource, body) {
      const name = body.metadata?.name ?? "";
      try {
        await call({ verb: "create", resource, name }, () => make(resource, body));
        return true;
      } catch (error) {
        if (isStatus(error, 409)) return false;
        throw error;
      }
    },
    async remove(resource, name) {
      const gone = await orNull(() =>
        call({ verb: "delete", resource, name }, (): Promise<unknown> => removers[resource](name)),
      );
      return gone !== null;
    },
    async annotateClaim(claim, key, value) {
      const name = claim.metadata?.name ?? "";
      // JSON Patch: "/" in a key is written "~1"; with no annotations yet, the map is added.
      const body = claim.metadata?.annotations
        ? [
            {
              op: "add",
              path: `/metadata/annotations/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`,
              value,
            },
          ]
        : [{ op: "add", path: "/metadata/annotations", value: { [key]: value } }];
      await call({ verb: "patch", resource: "persistentvolumeclaims", name }, () =>
        core.patchNamespacedPersistentVolumeClaim({ name, namespace, body }),
      );
    },
    async readLog(pod, { sinceTime, tailLines }) {
      let text = "";
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          text += chunk.toString("utf8");
          done();
        },
      });
      const read = () =>
        new Promise<void>((resolve, reject) => {
          let controller: AbortController | undefined;
          let late = false;
          const timer = setTimeout(() => {
            late = true;
            controller?.abort();
            reject(
              Object.assign(new Error("The log read took too long."), { name: "TimeoutError" }),
            );
          }, timeoutMs);
          sink.on("finish", () => {
            clearTimeout(timer);
            resolve();
          });
          podLog
            .log(namespace, pod, APP_CONTAINER, sink, {
              timestamps: true,
              sinceTime,
              tailLines,
              limitBytes: MAX_LOG_BYTES,
            })
            .then(
              (answer) => {
                controller = answer;
                if (late) answer.abort();
              },
              (error) => {
                clearTimeout(timer);
                reject(error);
              },
            );
        });
      try {
        await call({ verb: "get", resource: "pods/log", name: pod }, read);
      } catch (error) {
        // A container that has not started answers 400, a pod gone 404: nothing to read.
        if (isStatus(error, 400) || isStatus(error, 404)) return "";
        throw error;
      }
      return text;
    },
    async exec(pod, command, stdin, deadlineMs) {
      try {
        return await execInPod(exec, { namespace, pod, container: APP_CONTAINER }, command, {
          stdin,
          deadlineMs,
        });
      } catch (error) {
        if (error instanceof Error && /exec API speaks/.test(error.message)) throw error;
        throw explain(
          error,
          { verb: "create", resource: "pods/exec", name: pod, namespace },
          deadlineMs,
        );
      }
    },
  };
}
