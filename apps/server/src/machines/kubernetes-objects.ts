/**
 * The Kubernetes objects of one machine (issue 18, ADR 0058), built by pure functions so that
 * every wall is visible in one unit test:
 * - a PersistentVolumeClaim, the workspace (`/app`), which outlives the pod: stop deletes the pod,
 *   start makes it again, and everything the app wrote is still there;
 * - a Pod, restricted: non-root user, no privilege escalation, no capabilities, RuntimeDefault
 *   seccomp, a read-only root filesystem (only /app and an emptyDir /tmp are writable), no service
 *   account token, no service links, CPU, memory and ephemeral-storage limits, and the cluster's
 *   RuntimeClass (e.g. gVisor) when the operator names one;
 * - a ClusterIP Service for the app's port, through which only the Lumen server reaches the app;
 * - a NetworkPolicy that denies all egress (no database, no other machine, no cloud metadata
 *   address) and admits ingress only from the Lumen server's pods.
 * The template's packages come from the runtime image, read-only at /app/node_modules: copied into
 * an emptyDir by an init container ("copy", works on every cluster) or mounted as an image volume
 * ("image", Kubernetes 1.33+ with image volumes on).
 */
import type {
  V1Container,
  V1NetworkPolicy,
  V1PersistentVolumeClaim,
  V1Pod,
  V1ResourceRequirements,
  V1SecurityContext,
  V1Service,
  V1Volume,
  V1VolumeMount,
} from "@kubernetes/client-node";
import type { MachineSpec } from "./machine-driver.ts";

export interface MachineObjectsConfig {
  namespace: string;
  /** The app runtime: Node 20 and the template's packages at `modulesPath`. */
  image: string;
  runtimeClassName?: string;
  storageClassName?: string;
  appPort: number;
  /** Prefix of our labels and annotations, e.g. "lumen.dev" → "lumen.dev/machine". */
  labelPrefix: string;
  /** Labels of the Lumen server's pods: the only ones that may reach a machine. */
  serverPodLabels: Record<string, string>;
  /** The server's namespace when it is not the machines' namespace. */
  serverNamespace?: string;
  modulesPath: string;
  modulesVolume: "copy" | "image";
  /** Room for the copy of the packages (counts against ephemeral storage). */
  modulesBytes: number;
  uid: number;
  gid: number;
  /** CPU requested, as a share of the limit (idle dev servers use little). */
  cpuRequestRatio: number;
  /** Pods in their own user namespace (`hostUsers: false`, Kubernetes 1.33+). */
  userNamespaces: boolean;
  nodeSelector?: Record<string, string>;
}

export type PodPart = "app" | "work";

export const APP_CONTAINER = "app";
export const WORKSPACE = "/app";
/** The work pod holds the workspace for writes and commands while the app is stopped. */
export const WORK_POD_SECONDS = 3_600;

const SERVER = ["node", "node_modules/tsx/dist/cli.mjs", "server/main.ts"];
const BUILD = "node node_modules/vite/bin/vite.js build --configLoader runner";
const IDLE = ["node", "-e", "setInterval(() => {}, 2 ** 30)"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LABEL_VALUE = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

/** Machine ids are UUIDs; anything else would not make a valid (or safe) object name. */
export function checkMachineId(id: string): void {
  if (!UUID.test(id)) throw new Error(`Not a machine id: ${JSON.stringify(id)}`);
}

/** One name for the pod, workspace, service and policy (a DNS label must start with a letter). */
export function machineName(id: string): string {
  return `machine-${id}`;
}

export function workPodName(id: string): string {
  return `machine-${id}-work`;
}

export function specAnnotation(config: MachineObjectsConfig): string {
  return `${config.labelPrefix}/spec`;
}

export function machineLabels(config: MachineObjectsConfig, spec: MachineSpec) {
  const p = config.labelPrefix;
  return {
    "app.kubernetes.io/name": "lumen-machine",
    "app.kubernetes.io/managed-by": "lumen",
    [`${p}/machine`]: spec.id,
    [`${p}/role`]: spec.role,
    ...(LABEL_VALUE.test(spec.ownerId) ? { [`${p}/owner`]: spec.ownerId } : {}),
  };
}

export function workspaceClaim(
  config: MachineObjectsConfig,
  spec: MachineSpec,
): V1PersistentVolumeClaim {
  return {
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: {
      name: machineName(spec.id),
      namespace: config.namespace,
      labels: machineLabels(config, spec),
      annotations: { [specAnnotation(config)]: JSON.stringify(spec) },
    },
    spec: {
      accessModes: ["ReadWriteOnce"],
      volumeMode: "Filesystem",
      resources: { requests: { storage: String(spec.limits.diskBytes) } },
      ...(config.storageClassName ? { storageClassName: config.storageClassName } : {}),
    },
  };
}

export function machineService(config: MachineObjectsConfig, spec: MachineSpec): V1Service {
  const p = config.labelPrefix;
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: {
      name: machineName(spec.id),
      namespace: config.namespace,
      labels: machineLabels(config, spec),
    },
    spec: {
      type: "ClusterIP",
      selector: { [`${p}/machine`]: spec.id, [`${p}/part`]: "app" },
      ports: [{ name: "http", protocol: "TCP", port: config.appPort, targetPort: config.appPort }],
    },
  };
}

export function machineNetworkPolicy(
  config: MachineObjectsConfig,
  spec: MachineSpec,
): V1NetworkPolicy {
  const server = {
    podSelector: { matchLabels: { ...config.serverPodLabels } },
    ...(config.serverNamespace
      ? {
          namespaceSelector: {
            matchLabels: { "kubernetes.io/metadata.name": config.serverNamespace },
          },
        }
      : {}),
  };
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    metadata: {
      name: machineName(spec.id),
      namespace: config.namespace,
      labels: machineLabels(config, spec),
    },
    spec: {
      // Both of the machine's pods (app and work).
      podSelector: { matchLabels: { [`${config.labelPrefix}/machine`]: spec.id } },
      policyTypes: ["Ingress", "Egress"],
      ingress: [{ _from: [server], ports: [{ protocol: "TCP", port: config.appPort }] }],
      // No rule: nothing leaves the pod, DNS included (the app needs no name).
      egress: [],
    },
  };
}

function millicores(cpus: number): string {
  return `${Math.max(10, Math.round(cpus * 1000))}m`;
}

export function machineResources(
  config: MachineObjectsConfig,
  spec: MachineSpec,
): V1ResourceRequirements {
  const { limits } = spec;
  const ephemeral = String(
    limits.diskBytes + (config.modulesVolume === "copy" ? config.modulesBytes : 0),
  );
  const memory = String(limits.memoryBytes);
  return {
    // Memory is requested in full: it cannot be taken back from a running app without killing it.
    requests: {
      cpu: millicores(limits.cpus * config.cpuRequestRatio),
      memory,
      "ephemeral-storage": ephemeral,
    },
    limits: { cpu: millicores(limits.cpus), memory, "ephemeral-storage": ephemeral },
  };
}

export function containerSecurity(config: MachineObjectsConfig): V1SecurityContext {
  return {
    runAsNonRoot: true,
    runAsUser: config.uid,
    runAsGroup: config.gid,
    privileged: false,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ["ALL"] },
    seccompProfile: { type: "RuntimeDefault" },
  };
}

function appCommand(spec: MachineSpec): string[] {
  if (spec.mode === "development") return SERVER;
  // Built once per start, then served; a failed build ends the container with its errors logged.
  return ["sh", "-c", `${BUILD} && exec ${SERVER.join(" ")}`];
}

export function machinePod(config: MachineObjectsConfig, spec: MachineSpec, part: PodPart): V1Pod {
  const p = config.labelPrefix;
  const resources = machineResources(config, spec);
  const security = containerSecurity(config);
  const copy = config.modulesVolume === "copy";
  const volumes: V1Volume[] = [
    { name: "workspace", persistentVolumeClaim: { claimName: machineName(spec.id) } },
    { name: "tmp", emptyDir: { sizeLimit: String(spec.limits.diskBytes) } },
    copy
      ? { name: "modules", emptyDir: { sizeLimit: String(config.modulesBytes) } }
      : { name: "modules", image: { reference: config.image, pullPolicy: "IfNotPresent" } },
  ];
  const mounts: V1VolumeMount[] = [
    { name: "workspace", mountPath: WORKSPACE },
    {
      name: "modules",
      mountPath: `${WORKSPACE}/node_modules`,
      readOnly: true,
      ...(copy ? {} : { subPath: config.modulesPath.replace(/^\/+/, "") }),
    },
    { name: "tmp", mountPath: "/tmp" },
  ];
  const env = [
    { name: "NODE_ENV", value: spec.mode },
    { name: "PORT", value: String(config.appPort) },
    { name: "HOME", value: "/tmp" },
  ];
  const app: V1Container = {
    name: APP_CONTAINER,
    image: config.image,
    imagePullPolicy: "IfNotPresent",
    workingDir: WORKSPACE,
    command: part === "app" ? appCommand(spec) : IDLE,
    env,
    resources,
    securityContext: security,
    volumeMounts: mounts,
    ...(part === "app"
      ? {
          ports: [{ name: "http", containerPort: config.appPort, protocol: "TCP" }],
          readinessProbe: {
            tcpSocket: { port: config.appPort },
            periodSeconds: 2,
            failureThreshold: 1,
          },
        }
      : {}),
  };
  const initContainers: V1Container[] = copy
    ? [
        {
          name: "modules",
          image: config.image,
          imagePullPolicy: "IfNotPresent",
          // -R keeps the packages' symlinks (node_modules/.bin) as symlinks.
          command: ["cp", "-R", `${config.modulesPath}/.`, "/modules/"],
          resources,
          securityContext: security,
          volumeMounts: [{ name: "modules", mountPath: "/modules" }],
        },
      ]
    : [];
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: part === "app" ? machineName(spec.id) : workPodName(spec.id),
      namespace: config.namespace,
      labels: { ...machineLabels(config, spec), [`${p}/part`]: part },
      annotations: { [specAnnotation(config)]: JSON.stringify(spec) },
    },
    spec: {
      // A preview that crashed stays failed so the agent reads why; an instance is restarted.
      restartPolicy: part === "app" && spec.role === "instance" ? "Always" : "Never",
      ...(part === "work" ? { activeDeadlineSeconds: WORK_POD_SECONDS } : {}),
      automountServiceAccountToken: false,
      enableServiceLinks: false,
      terminationGracePeriodSeconds: 10,
      ...(config.userNamespaces ? { hostUsers: false } : {}),
      ...(config.runtimeClassName ? { runtimeClassName: config.runtimeClassName } : {}),
      ...(config.nodeSelector ? { nodeSelector: { ...config.nodeSelector } } : {}),
      securityContext: {
        runAsNonRoot: true,
        runAsUser: config.uid,
        runAsGroup: config.gid,
        fsGroup: config.gid,
        fsGroupChangePolicy: "OnRootMismatch",
        seccompProfile: { type: "RuntimeDefault" },
      },
      ...(initContainers.length > 0 ? { initContainers } : {}),
      containers: [app],
      volumes,
    },
  };
}

/** "a=b,c=d" (MACHINE_K8S_SERVER_LABEL) → { a: "b", c: "d" }; throws on a malformed pair. */
export function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9./_-]+)=([A-Za-z0-9._-]*)$/.exec(pair);
    if (!match) throw new Error(`Not a label (key=value): ${JSON.stringify(pair)}`);
    labels[match[1]!] = match[2]!;
  }
  return labels;
}
