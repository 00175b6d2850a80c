import { describe, expect, it } from "vitest";
import {
  checkMachineId,
  type MachineObjectsConfig,
  machineName,
  machineNetworkPolicy,
  machinePod,
  machineResources,
  machineService,
  parseLabels,
  workspaceClaim,
} from "./kubernetes-objects.ts";
import type { MachineSpec } from "./machine-driver.ts";

const ID = "0b6f3c8e-3f7a-4c59-9d5e-1a2b3c4d5e6f";
const OWNER = "7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6";

function config(overrides: Partial<MachineObjectsConfig> = {}): MachineObjectsConfig {
  return {
    namespace: "lumen-machines",
    image: "lumen-app-runtime:1",
    appPort: 3000,
    labelPrefix: "lumen.dev",
    serverPodLabels: { "app.kubernetes.io/name": "lumen-server" },
    modulesPath: "/opt/lumen/node_modules",
    modulesVolume: "copy",
    modulesBytes: 1024 ** 3,
    uid: 10_001,
    gid: 10_001,
    cpuRequestRatio: 0.25,
    userNamespaces: false,
    ...overrides,
  };
}

function spec(overrides: Partial<MachineSpec> = {}): MachineSpec {
  return {
    id: ID,
    ownerId: OWNER,
    role: "preview",
    mode: "development",
    limits: { memoryBytes: 512 * 1024 ** 2, cpus: 0.5, processes: 256, diskBytes: 1024 ** 3 },
    ...overrides,
  };
}

describe("names and labels", () => {
  it("names every object machine-{id}: a DNS label that starts with a letter", () => {
    expect(machineName(ID)).toBe(`machine-${ID}`);
    expect(machineName(ID)).toMatch(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/);
  });

  it("refuses ids that are not UUIDs (they become object names and paths)", () => {
    expect(() => checkMachineId(ID)).not.toThrow();
    for (const bad of ["", "../x", `${ID}/log`, "ABC", `${ID} `]) {
      expect(() => checkMachineId(bad)).toThrow("Not a machine id");
    }
  });

  it("parses the server's labels from MACHINE_K8S_SERVER_LABEL", () => {
    expect(parseLabels("app.kubernetes.io/name=lumen-server, tier=web")).toEqual({
      "app.kubernetes.io/name": "lumen-server",
      tier: "web",
    });
    expect(() => parseLabels("app")).toThrow("Not a label");
    expect(() => parseLabels("a=b c")).toThrow("Not a label");
  });
});

describe("the workspace claim", () => {
  it("asks for diskBytes, ReadWriteOnce, and keeps the spec for a later start", () => {
    const claim = workspaceClaim(config(), spec());
    expect(claim.metadata?.name).toBe(`machine-${ID}`);
    expect(claim.metadata?.labels).toEqual({
      "app.kubernetes.io/name": "lumen-machine",
      "app.kubernetes.io/managed-by": "lumen",
      "lumen.dev/machine": ID,
      "lumen.dev/role": "preview",
      "lumen.dev/owner": OWNER,
    });
    expect(JSON.parse(claim.metadata?.annotations?.["lumen.dev/spec"] ?? "")).toEqual(spec());
    expect(claim.spec).toEqual({
      accessModes: ["ReadWriteOnce"],
      volumeMode: "Filesystem",
      resources: { requests: { storage: String(1024 ** 3) } },
    });
  });

  it("names the storage class only when the operator set one", () => {
    expect(
      workspaceClaim(config({ storageClassName: "fast" }), spec()).spec?.storageClassName,
    ).toBe("fast");
    expect(workspaceClaim(config(), spec()).spec).not.toHaveProperty("storageClassName");
  });
});

describe("the service", () => {
  it("is a ClusterIP for the app port that selects the app pod, not the work pod", () => {
    expect(machineService(config(), spec()).spec).toEqual({
      type: "ClusterIP",
      selector: { "lumen.dev/machine": ID, "lumen.dev/part": "app" },
      ports: [{ name: "http", protocol: "TCP", port: 3000, targetPort: 3000 }],
    });
  });
});

describe("the network policy", () => {
  it("denies all egress and lets in only the server's pods, on the app port", () => {
    expect(machineNetworkPolicy(config(), spec()).spec).toEqual({
      podSelector: { matchLabels: { "lumen.dev/machine": ID } },
      policyTypes: ["Ingress", "Egress"],
      ingress: [
        {
          _from: [{ podSelector: { matchLabels: { "app.kubernetes.io/name": "lumen-server" } } }],
          ports: [{ protocol: "TCP", port: 3000 }],
        },
      ],
      egress: [],
    });
  });

  it("names the server's namespace when it is not the machines' own", () => {
    const policy = machineNetworkPolicy(config({ serverNamespace: "lumen" }), spec());
    expect(policy.spec?.ingress?.[0]?._from?.[0]).toEqual({
      podSelector: { matchLabels: { "app.kubernetes.io/name": "lumen-server" } },
      namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "lumen" } },
    });
  });
});

describe("the pod", () => {
  it("runs restricted: non-root, no escalation, no capabilities, read-only root, RuntimeDefault", () => {
    const pod = machinePod(config(), spec(), "app");
    const podSpec = pod.spec!;
    expect(podSpec.automountServiceAccountToken).toBe(false);
    expect(podSpec.enableServiceLinks).toBe(false);
    expect(podSpec.securityContext).toEqual({
      runAsNonRoot: true,
      runAsUser: 10_001,
      runAsGroup: 10_001,
      fsGroup: 10_001,
      fsGroupChangePolicy: "OnRootMismatch",
      seccompProfile: { type: "RuntimeDefault" },
    });
    const restricted = {
      runAsNonRoot: true,
      runAsUser: 10_001,
      runAsGroup: 10_001,
      privileged: false,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
      seccompProfile: { type: "RuntimeDefault" },
    };
    for (const container of [...(podSpec.initContainers ?? []), ...podSpec.containers]) {
      expect(container.securityContext).toEqual(restricted);
    }
    expect(podSpec).not.toHaveProperty("hostUsers");
    expect(podSpec).not.toHaveProperty("hostNetwork");
  });

  it("has the RuntimeClass only when the operator set one", () => {
    expect(machinePod(config(), spec(), "app").spec).not.toHaveProperty("runtimeClassName");
    expect(
      machinePod(config({ runtimeClassName: "gvisor" }), spec(), "app").spec?.runtimeClassName,
    ).toBe("gvisor");
  });

  it("takes its limits from the spec: CPU, memory and ephemeral storage", () => {
    expect(machineResources(config(), spec())).toEqual({
      requests: {
        cpu: "125m",
        memory: String(512 * 1024 ** 2),
        "ephemeral-storage": String(2 * 1024 ** 3),
      },
      limits: {
        cpu: "500m",
        memory: String(512 * 1024 ** 2),
        "ephemeral-storage": String(2 * 1024 ** 3),
      },
    });
    // With image volumes nothing is copied: the workspace's size is the ephemeral budget.
    expect(machineResources(config({ modulesVolume: "image" }), spec()).limits).toEqual({
      cpu: "500m",
      memory: String(512 * 1024 ** 2),
      "ephemeral-storage": String(1024 ** 3),
    });
    expect(machinePod(config(), spec(), "app").spec?.containers[0]?.resources).toEqual(
      machineResources(config(), spec()),
    );
  });

  it("mounts the workspace at /app, the packages read-only, and a writable /tmp", () => {
    const podSpec = machinePod(config(), spec(), "app").spec!;
    expect(podSpec.volumes).toEqual([
      { name: "workspace", persistentVolumeClaim: { claimName: `machine-${ID}` } },
      { name: "tmp", emptyDir: { sizeLimit: String(1024 ** 3) } },
      { name: "modules", emptyDir: { sizeLimit: String(1024 ** 3) } },
    ]);
    expect(podSpec.containers[0]?.volumeMounts).toEqual([
      { name: "workspace", mountPath: "/app" },
      { name: "modules", mountPath: "/app/node_modules", readOnly: true },
      { name: "tmp", mountPath: "/tmp" },
    ]);
    expect(podSpec.initContainers?.[0]?.command).toEqual([
      "cp",
      "-R",
      "/opt/lumen/node_modules/.",
      "/modules/",
    ]);
  });

  it("mounts the packages from the image itself in image-volume mode, with no init container", () => {
    const podSpec = machinePod(config({ modulesVolume: "image" }), spec(), "app").spec!;
    expect(podSpec.initContainers).toBeUndefined();
    expect(podSpec.volumes?.[2]).toEqual({
      name: "modules",
      image: { reference: "lumen-app-runtime:1", pullPolicy: "IfNotPresent" },
    });
    expect(podSpec.containers[0]?.volumeMounts?.[1]).toEqual({
      name: "modules",
      mountPath: "/app/node_modules",
      readOnly: true,
      subPath: "opt/lumen/node_modules",
    });
  });

  it("runs the app's server on the app port, and builds first in production", () => {
    const dev = machinePod(config(), spec(), "app").spec!.containers[0]!;
    expect(dev.command).toEqual(["node", "node_modules/tsx/dist/cli.mjs", "server/main.ts"]);
    expect(dev.env).toEqual([
      { name: "NODE_ENV", value: "development" },
      { name: "PORT", value: "3000" },
      { name: "HOME", value: "/tmp" },
    ]);
    expect(dev.ports).toEqual([{ name: "http", containerPort: 3000, protocol: "TCP" }]);
    expect(dev.readinessProbe?.tcpSocket).toEqual({ port: 3000 });
    const prod = machinePod(config(), spec({ mode: "production" }), "app").spec!.containers[0]!;
    expect(prod.command).toEqual([
      "sh",
      "-c",
      "node node_modules/vite/bin/vite.js build --configLoader runner && exec node node_modules/tsx/dist/cli.mjs server/main.ts",
    ]);
  });

  it("lets a preview that crashed stay failed and restarts an instance", () => {
    expect(machinePod(config(), spec(), "app").spec?.restartPolicy).toBe("Never");
    expect(machinePod(config(), spec({ role: "instance" }), "app").spec?.restartPolicy).toBe(
      "Always",
    );
  });

  it("makes a work pod that idles, has no port, and ends within an hour", () => {
    const pod = machinePod(config(), spec({ role: "instance" }), "work");
    expect(pod.metadata?.name).toBe(`machine-${ID}-work`);
    expect(pod.metadata?.labels?.["lumen.dev/part"]).toBe("work");
    expect(pod.spec?.restartPolicy).toBe("Never");
    expect(pod.spec?.activeDeadlineSeconds).toBe(3_600);
    expect(pod.spec?.containers[0]?.command).toEqual([
      "node",
      "-e",
      "setInterval(() => {}, 2 ** 30)",
    ]);
    expect(pod.spec?.containers[0]).not.toHaveProperty("ports");
    expect(pod.spec?.containers[0]).not.toHaveProperty("readinessProbe");
  });

  it("adds user namespaces and the node selector when asked", () => {
    const podSpec = machinePod(
      config({ userNamespaces: true, nodeSelector: { pool: "machines" } }),
      spec(),
      "app",
    ).spec!;
    expect(podSpec.hostUsers).toBe(false);
    expect(podSpec.nodeSelector).toEqual({ pool: "machines" });
  });

  it("leaves out an owner that is not a valid label value", () => {
    const pod = machinePod(config(), spec({ ownerId: "not a label!" }), "app");
    expect(pod.metadata?.labels).not.toHaveProperty("lumen.dev/owner");
  });
});
