/**
 * The Kubernetes machine driver's settings (issue 18, ADR 0058) as plain options, each named after
 * the environment variable that sets it, and the defaults an operator gets without them.
 */
import { KubeConfig } from "@kubernetes/client-node";
import type { MachineObjectsConfig } from "./kubernetes-objects.ts";

export interface KubernetesDriverOptions {
  /** MACHINE_K8S_NAMESPACE: where the machines' objects live. */
  namespace: string;
  /** MACHINE_K8S_IMAGE: Node 20 with the app template's packages, e.g. lumen-app-runtime:1. */
  image: string;
  /** MACHINE_K8S_SERVER_LABEL: labels of the Lumen server's pods, the only ones let in. */
  serverPodLabels: Record<string, string>;
  /** MACHINE_K8S_SERVER_NAMESPACE: the server's namespace when it is not `namespace`. */
  serverNamespace?: string;
  /** MACHINE_K8S_RUNTIME_CLASS, e.g. "gvisor". */
  runtimeClassName?: string;
  /** MACHINE_K8S_STORAGE_CLASS for the workspaces (the cluster's default when absent). */
  storageClassName?: string;
  /** MACHINE_K8S_APP_PORT: the port the app listens on inside its pod (3000). */
  appPort?: number;
  /** Prefix of labels and annotations ("lumen.dev"). */
  labelPrefix?: string;
  /** MACHINE_K8S_MODULES_PATH: the template's node_modules in the image (/opt/lumen/node_modules). */
  modulesPath?: string;
  /** MACHINE_K8S_MODULES: "copy" (an init container, any cluster) or "image" (image volume). */
  modulesVolume?: "copy" | "image";
  /** Room for the copied packages (1 GiB). */
  modulesBytes?: number;
  /** The machines' user and group (10001). */
  uid?: number;
  gid?: number;
  /** CPU requested as a share of the limit (0.25). */
  cpuRequestRatio?: number;
  /** MACHINE_K8S_USER_NAMESPACES: `hostUsers: false` (Kubernetes 1.33+). */
  userNamespaces?: boolean;
  nodeSelector?: Record<string, string>;
  /** A ready KubeConfig (tests); else MACHINE_K8S_KUBECONFIG's file; else the default/in-cluster. */
  kubeConfig?: KubeConfig;
  kubeConfigFile?: string;
  /** Each API call's time limit (30 s). */
  requestTimeoutMs?: number;
  /** How often status and logs are read while someone waits or follows (1 s). */
  pollMs?: number;
  /** How long a pod may take before commands can run in it (180 s). */
  startTimeoutMs?: number;
  /** How long a stopped pod may take to go (60 s). */
  stopTimeoutMs?: number;
  /** An idle work pod is deleted after this (60 s). */
  workPodIdleMs?: number;
  /** Log lines kept in memory per machine (2,000). */
  logLinesKept?: number;
}

export function loadKubeConfig(options: KubernetesDriverOptions): KubeConfig {
  if (options.kubeConfig) return options.kubeConfig;
  const config = new KubeConfig();
  if (options.kubeConfigFile) config.loadFromFile(options.kubeConfigFile);
  else config.loadFromDefault();
  return config;
}

export function objectsConfig(options: KubernetesDriverOptions): MachineObjectsConfig {
  if (Object.keys(options.serverPodLabels).length === 0) {
    // An empty selector would let every pod of the namespace, other machines included, in.
    throw new Error(
      "The Kubernetes driver needs the server's pod labels (MACHINE_K8S_SERVER_LABEL).",
    );
  }
  return {
    namespace: options.namespace,
    image: options.image,
    runtimeClassName: options.runtimeClassName || undefined,
    storageClassName: options.storageClassName || undefined,
    appPort: options.appPort ?? 3000,
    labelPrefix: options.labelPrefix ?? "lumen.dev",
    serverPodLabels: options.serverPodLabels,
    serverNamespace: options.serverNamespace || undefined,
    modulesPath: options.modulesPath ?? "/opt/lumen/node_modules",
    modulesVolume: options.modulesVolume ?? "copy",
    modulesBytes: options.modulesBytes ?? 1024 ** 3,
    uid: options.uid ?? 10_001,
    gid: options.gid ?? 10_001,
    cpuRequestRatio: options.cpuRequestRatio ?? 0.25,
    userNamespaces: options.userNamespaces ?? false,
    nodeSelector: options.nodeSelector,
  };
}
