/**
 * The machines of the app builder (issue 18), AppDeps.machines: which driver runs them (local
 * sandbox, Kubernetes, or none), the rows that say who owns which, a learner's bound on machines,
 * the preview machine of a build (made, filled with the build's files and started on demand),
 * the idle stop, starting again what should be up after a restart, and the signed tickets that let
 * a browser into a preview's origin or a log stream.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import path from "node:path";
import type { MachineView } from "@lumen/contracts";
import { BUILDER_LIMITS } from "@lumen/core";
import { and, type Db, eq, inArray, isNull, lt, schema, sql } from "@lumen/db";
import { sandboxSupport } from "@lumen/runners/sandbox";
import type { Logger } from "pino";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { createKubernetesDriver } from "./kubernetes-driver.ts";
import { parseLabels } from "./kubernetes-objects.ts";
import { createLocalDriver } from "./local-driver.ts";
import type { FileWrite, MachineDriver, MachineSpec, MachineStatus } from "./machine-driver.ts";

export type MachineRow = typeof schema.machines.$inferSelect;

const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
const TICKET_SECONDS = { logs: 60 } as const;
export type TicketKind = keyof typeof TICKET_SECONDS;

export interface MachineService {
  /** The driver, once known to work here; null with `unavailable` saying why. */
  driver(): Promise<MachineDriver>;
  /** Why machines cannot run here, or null (known after the first use or `start`). */
  unavailable(): Promise<string | null>;
  /** An app's origin: `{label}.{APPS_DOMAIN}` with the scheme and port. */
  originOf(label: string): string;
  /** The apps domain's host (with port), to recognise requests for apps. */
  readonly appsHost: string;
  /** The port the server listens on: apps.localhost's port when APPS_DOMAIN is not set. */
  listeningOn(port: number): void;
  spec(row: { id: string; userId: string; role: string }): MachineSpec;
  /** A new machine row and its machine, within the learner's bound. */
  create(
    db: Db,
    options: { userId: string; buildId: string | null; role: "preview" | "instance" },
  ): Promise<MachineRow>;
  /** Starts a machine unless it runs, and marks it used. */
  ensureRunning(db: Db, row: MachineRow): Promise<MachineStatus>;
  writeFiles(db: Db, row: MachineRow, files: FileWrite[], revision: number): Promise<void>;
  destroy(db: Db, row: MachineRow): Promise<void>;
  present(row: MachineRow): Promise<MachineView>;
  touch(db: Db, id: string): Promise<void>;
  /** Stops preview machines unused for MACHINE_IDLE_MINUTES; answers how many. */
  stopIdle(db: Db, now: Date): Promise<number>;
  /** After a restart: instances' machines start again. */
  resume(db: Db): Promise<void>;
  /**
   * A preview's host label: `p-` and the machine's id with a keyed hash of it, so the address
   * itself is the key (a frame needs no cookie, which browsers refuse across sites).
   */
  previewLabel(machineId: string): string;
  /** The machine id of a preview label whose hash is right, else null. */
  machineOfPreviewLabel(label: string): string | null;
  ticket(kind: TicketKind, machineId: string, userId: string, now?: Date): string;
  /** The ticket's user when it is good for this kind and machine, else null. */
  verifyTicket(kind: TicketKind, machineId: string, ticket: string, now?: Date): string | null;
  close(): Promise<void>;
}

export function machineUnavailable(reason: string): AppError {
  return new AppError("unavailable", `Machines are not available on this server: ${reason}`);
}

export function createMachineService(options: {
  env: Env;
  logger: Logger;
  /** Tests: a driver of their own. */
  driver?: MachineDriver;
}): MachineService {
  const { env, logger } = options;
  const key = env.COOKIE_KEYS?.[0] ?? randomBytes(32).toString("hex");
  let appsHost = (env.APPS_DOMAIN ?? `apps.localhost:${env.PORT}`).toLowerCase();
  const protocol = env.APPS_PROTOCOL ?? (env.PUBLIC_URL?.startsWith("https:") ? "https" : "http");
  let driverPromise: Promise<MachineDriver | string> | undefined;

  function makeDriver(): Promise<MachineDriver | string> {
    if (options.driver) return Promise.resolve(options.driver);
    if (env.MACHINE_DRIVER === "off") return Promise.resolve("MACHINE_DRIVER is off.");
    if (env.MACHINE_DRIVER === "kubernetes") {
      const image = env.MACHINE_K8S_IMAGE;
      if (!image) return Promise.resolve("MACHINE_K8S_IMAGE is not set.");
      // A driver that cannot be made (bad labels, kubeconfig) says why instead of failing later.
      return Promise.resolve().then(() =>
        createKubernetesDriver({
          namespace: env.MACHINE_K8S_NAMESPACE,
          image,
          runtimeClassName: env.MACHINE_K8S_RUNTIME_CLASS,
          storageClassName: env.MACHINE_K8S_STORAGE_CLASS,
          serverPodLabels: parseLabels(env.MACHINE_K8S_SERVER_LABEL),
          serverNamespace: env.MACHINE_K8S_SERVER_NAMESPACE,
          appPort: env.MACHINE_K8S_APP_PORT,
          modulesVolume: env.MACHINE_K8S_MODULES,
          modulesPath: env.MACHINE_K8S_MODULES_PATH,
          userNamespaces: env.MACHINE_K8S_USER_NAMESPACES,
          kubeConfigFile: env.MACHINE_K8S_KUBECONFIG,
          startTimeoutMs: env.MACHINE_START_TIMEOUT_MS,
        }),
      );
    }
    return sandboxSupport().then((support) => {
      if (!support.available) return `the sandbox is missing (${support.missing}).`;
      return createLocalDriver({
        root: path.resolve(env.MACHINES_DIR ?? path.join(env.DATA_DIR, "machines")),
        nodeModules: path.join(REPO_ROOT, "node_modules"),
        asRoot: support.user === "own-uid",
        startTimeoutMs: env.MACHINE_START_TIMEOUT_MS,
        appEnv: () => {
          const port = /:(\d+)$/.exec(appsHost)?.[1];
          return {
            APP_PUBLIC_PROTOCOL: protocol,
            APP_PUBLIC_PORT: port ?? (protocol === "https" ? "443" : "80"),
          };
        },
      });
    });
  }

  const resolved = () => {
    driverPromise ??= makeDriver().catch((error: unknown) => {
      logger.error({ err: error }, "machine driver failed to start");
      return `the machine driver failed to start (${error instanceof Error ? error.message : String(error)}).`;
    });
    return driverPromise;
  };

  async function driver(): Promise<MachineDriver> {
    const got = await resolved();
    if (typeof got === "string") throw machineUnavailable(got);
    return got;
  }

  const limits = {
    memoryBytes: env.MACHINE_MEMORY_MB * 1024 * 1024,
    cpus: env.MACHINE_CPUS,
    processes: env.MACHINE_PROCESSES,
    diskBytes: env.MACHINE_DISK_MB * 1024 * 1024,
  };

  function spec(row: { id: string; userId: string; role: string }): MachineSpec {
    const role = row.role === "instance" ? "instance" : "preview";
    return {
      id: row.id,
      ownerId: row.userId,
      role,
      mode: role === "instance" ? "production" : "development",
      limits,
    };
  }

  function sign(payload: string): string {
    return createHmac("sha256", key).update(payload).digest("base64url");
  }

  const service: MachineService = {
    driver,
    async unavailable() {
      const got = await resolved();
      return typeof got === "string" ? got : null;
    },
    get appsHost() {
      return appsHost;
    },
    listeningOn(port) {
      if (!env.APPS_DOMAIN) appsHost = `apps.localhost:${port}`;
    },
    originOf: (label) => `${protocol}://${label}.${appsHost}`,
    spec,
    async create(db, { userId, buildId, role }) {
      const machines = await driver();
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`machines:${userId}`}))`);
        const [counted] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(schema.machines)
          .where(and(eq(schema.machines.userId, userId), isNull(schema.machines.destroyedAt)));
        if ((counted?.count ?? 0) >= BUILDER_LIMITS.machines) {
          throw new AppError(
            "limit_reached",
            `You can have at most ${BUILDER_LIMITS.machines} machines at once. Delete a build or an instance you no longer need to make room.`,
          );
        }
        const [inserted] = await tx
          .insert(schema.machines)
          .values({ userId, buildId, role, driver: machines.name, state: "created" })
          .returning();
        if (!inserted) throw new Error("the machine was not stored");
        return inserted;
      });
      try {
        await machines.create(spec(row));
      } catch (error) {
        await db.delete(schema.machines).where(eq(schema.machines.id, row.id));
        throw error;
      }
      return row;
    },
    async ensureRunning(db, row) {
      const machines = await driver();
      let status = await machines.status(row.id);
      if (!status) {
        // The driver lost it (a new host, a wiped folder): made again; the build's files follow.
        status = await machines.create(spec(row));
        await db.update(schema.machines).set({ revision: 0 }).where(eq(schema.machines.id, row.id));
        row.revision = 0;
      }
      if (status.state !== "running" && status.state !== "starting") {
        status = await machines.start(row.id);
      }
      await db
        .update(schema.machines)
        .set({ state: status.state, lastActiveAt: new Date() })
        .where(eq(schema.machines.id, row.id));
      return status;
    },
    async writeFiles(db, row, files, revision) {
      const machines = await driver();
      await machines.writeFiles(row.id, files);
      await db.update(schema.machines).set({ revision }).where(eq(schema.machines.id, row.id));
      row.revision = revision;
    },
    async destroy(db, row) {
      const got = await resolved();
      if (typeof got !== "string") await got.destroy(row.id);
      await db
        .update(schema.machines)
        .set({ destroyedAt: new Date(), state: "stopped" })
        .where(eq(schema.machines.id, row.id));
    },
    async present(row) {
      const got = await resolved();
      const status = typeof got === "string" ? null : await got.status(row.id);
      return {
        id: row.id,
        buildId: row.buildId,
        role: row.role === "instance" ? "instance" : "preview",
        driver: row.driver,
        state: status?.state ?? "stopped",
        since: status?.since ?? row.lastActiveAt.toISOString(),
        reason: status?.reason ?? (typeof got === "string" ? got : null),
        usage: status?.usage ?? null,
        limits: {
          memoryBytes: limits.memoryBytes,
          cpus: limits.cpus,
          diskBytes: limits.diskBytes,
          processes: limits.processes,
        },
        lastActiveAt: row.lastActiveAt.toISOString(),
        idleStopMinutes: row.role === "instance" ? null : env.MACHINE_IDLE_MINUTES,
      };
    },
    async touch(db, id) {
      await db
        .update(schema.machines)
        .set({ lastActiveAt: new Date() })
        .where(
          and(
            eq(schema.machines.id, id),
            lt(schema.machines.lastActiveAt, new Date(Date.now() - 15_000)),
          ),
        );
    },
    async stopIdle(db, now) {
      const got = await resolved();
      if (typeof got === "string") return 0;
      const cutoff = new Date(now.getTime() - env.MACHINE_IDLE_MINUTES * 60_000);
      const idle = await db
        .select()
        .from(schema.machines)
        .where(
          and(
            eq(schema.machines.role, "preview"),
            isNull(schema.machines.destroyedAt),
            inArray(schema.machines.state, ["running", "starting"]),
            lt(schema.machines.lastActiveAt, cutoff),
          ),
        );
      for (const row of idle) {
        try {
          await got.stop(row.id);
          await db
            .update(schema.machines)
            .set({ state: "stopped" })
            .where(eq(schema.machines.id, row.id));
          logger.info({ machine: row.id }, "idle machine stopped");
        } catch (error) {
          logger.warn({ err: error, machine: row.id }, "idle machine did not stop");
        }
      }
      return idle.length;
    },
    async resume(db) {
      const got = await resolved();
      if (typeof got === "string") return;
      const rows = await db
        .select()
        .from(schema.machines)
        .where(and(eq(schema.machines.role, "instance"), isNull(schema.machines.destroyedAt)));
      for (const row of rows) {
        if (row.state === "stopped") continue;
        try {
          const status = await got.status(row.id);
          if (status && status.state !== "running") await got.start(row.id);
        } catch (error) {
          logger.warn({ err: error, machine: row.id }, "instance machine did not start again");
        }
      }
    },
    previewLabel(machineId) {
      const hex = machineId.replace(/-/g, "").toLowerCase();
      return `p-${hex}${sign(`preview.${hex}`)
        .replace(/[^a-z0-9]/gi, "")
        .toLowerCase()
        .slice(0, 24)}`;
    },
    machineOfPreviewLabel(label) {
      const match = /^p-([0-9a-f]{32})([0-9a-z]{24})$/.exec(label);
      if (!match?.[1]) return null;
      const hex = match[1];
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const expected = Buffer.from(service.previewLabel(id));
      const given = Buffer.from(label);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
    ticket(kind, machineId, userId, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + TICKET_SECONDS[kind];
      const payload = `${kind}.${machineId}.${userId}.${expires}`;
      return `${Buffer.from(payload).toString("base64url")}.${sign(payload)}`;
    },
    verifyTicket(kind, machineId, ticket, now = new Date()) {
      const [encoded = "", signature = ""] = ticket.split(".");
      let payload: string;
      try {
        payload = Buffer.from(encoded, "base64url").toString("utf8");
      } catch {
        return null;
      }
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [k, id, userId, expires] = payload.split(".");
      if (k !== kind || id !== machineId || !userId) return null;
      if (Number(expires) * 1000 < now.getTime()) return null;
      return userId;
    },
    async close() {
      const got = driverPromise ? await driverPromise : null;
      if (!got || typeof got === "string") return;
      const closable = got as { stopAll?: () => Promise<void>; close?: () => void };
      await closable.stopAll?.();
      closable.close?.();
    },
  };
  return service;
}
