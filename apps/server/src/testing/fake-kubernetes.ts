/**
 * Test code only: a Kubernetes API server in-process (node:http on 127.0.0.1) that answers the
 * REST paths the Kubernetes machine driver calls, as the real one does — Status objects for
 * errors, 409 AlreadyExists, 404 NotFound, pods that stay "terminating" for a while, the pod log
 * with timestamps, sinceTime and tailLines, and exec over a WebSocket speaking v5.channel.k8s.io.
 * Tests steer it: set a pod's status, make the next call to a path fail, hang it, or answer exec.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { KubeConfig } from "@kubernetes/client-node";
import { WebSocketServer } from "ws";

export type Kind = "pods" | "services" | "persistentvolumeclaims" | "networkpolicies";

export interface FakeCall {
  method: string;
  kind: Kind;
  name?: string;
  /** "log" or "exec" for the pods' subresources. */
  sub?: string;
  query: URLSearchParams;
  body?: unknown;
  authorization?: string;
}

export interface Failure {
  method: string;
  kind: Kind;
  sub?: string;
  status: number;
  message?: string;
  /** Never answer (the client's time limit is tested). */
  hang?: boolean;
}

export interface ExecRequest {
  pod: string;
  container: string;
  command: string[];
  stdin: Buffer;
}

export interface ExecAnswer {
  stdout?: string;
  stderr?: string;
  exitCode: number;
  /** A failure of the exec itself (e.g. the command was not found). */
  failure?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: objects as Kubernetes stores them, JSON.
type KubeObject = Record<string, any>;

const PATH =
  /^\/(?:api\/v1|apis\/networking\.k8s\.io\/v1)\/namespaces\/([^/]+)\/(pods|services|persistentvolumeclaims|networkpolicies)(?:\/([^/]+)(?:\/(log|exec))?)?$/;

function statusBody(code: number, reason: string, message: string) {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    code,
  };
}

const REASONS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "AlreadyExists",
  422: "Invalid",
  500: "InternalError",
  503: "ServiceUnavailable",
};

export async function startFakeKubernetes() {
  const objects = new Map<string, KubeObject>();
  const calls: FakeCall[] = [];
  const failures: Failure[] = [];
  /** Log lines per pod: [RFC 3339 timestamp, text]. */
  const podLogs = new Map<string, Array<[string, string]>>();
  const hanging = new Set<ServerResponse>();
  let onExec: (request: ExecRequest) => ExecAnswer | Promise<ExecAnswer> = () => ({ exitCode: 0 });
  /** A deleted pod answers GET this many times more, with a deletionTimestamp, before it goes. */
  let terminatingReads = 0;
  const terminating = new Map<string, number>();
  /** Called on every pod created (e.g. to make it run at once). */
  let onPodCreated: (pod: KubeObject) => void = () => {};
  /** Called on every pod read, before the answer (e.g. to move it on). */
  let onPodRead: (pod: KubeObject, reads: number) => void = () => {};
  const reads = new Map<string, number>();

  const key = (kind: Kind, name: string) => `${kind}/${name}`;

  function takeFailure(method: string, kind: Kind, sub?: string): Failure | undefined {
    const index = failures.findIndex(
      (f) => f.method === method && f.kind === kind && (f.sub ?? undefined) === sub,
    );
    return index >= 0 ? failures.splice(index, 1)[0] : undefined;
  }

  function send(res: ServerResponse, code: number, body: unknown, type = "application/json") {
    res.writeHead(code, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  function fail(res: ServerResponse, code: number, message: string) {
    send(res, code, statusBody(code, REASONS[code] ?? "Unknown", message));
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : undefined;
  }

  function logText(pod: string, query: URLSearchParams): string {
    let lines = podLogs.get(pod) ?? [];
    const since = query.get("sinceTime");
    if (since) lines = lines.filter(([at]) => new Date(at).getTime() >= new Date(since).getTime());
    const tail = query.get("tailLines");
    if (tail) lines = lines.slice(-Number(tail));
    const stamps = query.get("timestamps") === "true";
    return lines.map(([at, text]) => (stamps ? `${at} ${text}\n` : `${text}\n`)).join("");
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const match = PATH.exec(url.pathname);
    if (!match) return fail(res, 404, `no route ${url.pathname}`);
    const [, namespace, kind, name, sub] = match as unknown as [
      string,
      string,
      Kind,
      string?,
      string?,
    ];
    const method = req.method ?? "GET";
    const body = method === "POST" || method === "PATCH" ? await readBody(req) : undefined;
    calls.push({
      method,
      kind,
      name: name ?? (body as KubeObject | undefined)?.metadata?.name,
      sub,
      query: url.searchParams,
      body,
      authorization: req.headers.authorization,
    });
    const failure = takeFailure(method, kind, sub);
    if (failure?.hang) {
      hanging.add(res);
      return;
    }
    if (failure) return fail(res, failure.status, failure.message ?? `${REASONS[failure.status]}`);

    if (method === "POST" && !name) {
      const object = body as KubeObject;
      const objectName = object.metadata.name as string;
      if (objects.has(key(kind, objectName))) {
        return fail(res, 409, `${kind} "${objectName}" already exists`);
      }
      object.metadata = {
        ...object.metadata,
        namespace,
        uid: randomUUID(),
        resourceVersion: "1",
        creationTimestamp: new Date().toISOString(),
      };
      if (kind === "pods") object.status = { phase: "Pending" };
      objects.set(key(kind, objectName), object);
      if (kind === "pods") onPodCreated(object);
      return send(res, 201, object);
    }
    if (!name) return fail(res, 404, "no list in this fake");
    const stored = objects.get(key(kind, name));
    if (!stored) return fail(res, 404, `${kind} "${name}" not found`);

    if (sub === "log") {
      const app = (stored.status?.containerStatuses ?? []).find(
        (c: KubeObject) => c.name === url.searchParams.get("container"),
      );
      if (!app || app.state?.waiting) {
        return fail(
          res,
          400,
          `container "app" in pod "${name}" is waiting to start: ContainerCreating`,
        );
      }
      return send(res, 200, logText(name, url.searchParams), "text/plain");
    }
    if (method === "GET") {
      const count = (reads.get(name) ?? 0) + 1;
      reads.set(name, count);
      if (kind === "pods") onPodRead(stored, count);
      const left = terminating.get(key(kind, name));
      if (left !== undefined) {
        if (left <= 0) {
          objects.delete(key(kind, name));
          terminating.delete(key(kind, name));
          return fail(res, 404, `${kind} "${name}" not found`);
        }
        terminating.set(key(kind, name), left - 1);
      }
      return send(res, 200, stored);
    }
    if (method === "DELETE") {
      if (kind === "pods" && terminatingReads > 0) {
        stored.metadata.deletionTimestamp ??= new Date().toISOString();
        if (!terminating.has(key(kind, name))) terminating.set(key(kind, name), terminatingReads);
      } else {
        objects.delete(key(kind, name));
      }
      return send(
        res,
        200,
        kind === "networkpolicies" ? { kind: "Status", status: "Success" } : stored,
      );
    }
    if (method === "PATCH") {
      for (const op of body as Array<{ op: string; path: string; value: unknown }>) {
        const parts = op.path
          .split("/")
          .slice(1)
          .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
        let target = stored;
        for (const part of parts.slice(0, -1)) target = target[part] ??= {};
        target[parts.at(-1)!] = op.value;
      }
      return send(res, 200, stored);
    }
    return fail(res, 405 as number, `${method} not supported`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => fail(res, 500, error.message));
  });

  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) =>
      protocols.has("v5.channel.k8s.io") ? "v5.channel.k8s.io" : false,
  });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const match = PATH.exec(url.pathname);
    const name = match?.[3] ?? "";
    calls.push({
      method: "GET",
      kind: "pods",
      name,
      sub: "exec",
      query: url.searchParams,
      authorization: req.headers.authorization,
    });
    const failure = takeFailure("GET", "pods", "exec");
    const status = failure?.status ?? (objects.has(key("pods", name)) ? 0 : 404);
    if (status) {
      socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const chunks: Buffer[] = [];
      const run = async () => {
        const answer = await onExec({
          pod: name,
          container: url.searchParams.get("container") ?? "",
          command: url.searchParams.getAll("command"),
          stdin: Buffer.concat(chunks),
        });
        const frame = (channel: number, text: string) =>
          ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text, "utf8")]));
        if (answer.stdout) frame(1, answer.stdout);
        if (answer.stderr) frame(2, answer.stderr);
        const exitStatus = answer.failure
          ? { status: "Failure", reason: "InternalError", message: answer.failure }
          : answer.exitCode === 0
            ? { status: "Success" }
            : {
                status: "Failure",
                reason: "NonZeroExitCode",
                message: `command terminated with non-zero exit code: ${answer.exitCode}`,
                details: { causes: [{ reason: "ExitCode", message: String(answer.exitCode) }] },
              };
        frame(3, JSON.stringify(exitStatus));
        ws.close();
      };
      if (url.searchParams.get("stdin") !== "true") {
        void run();
        return;
      }
      ws.on("message", (data: Buffer) => {
        if (data[0] === 0) chunks.push(data.subarray(1));
        // v5: [255, 0] closes stdin.
        if (data[0] === 255 && data[1] === 0) void run();
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: "fake", server: url, skipTLSVerify: true }],
    users: [{ name: "lumen", token: "fake-token" }],
    contexts: [{ name: "fake", cluster: "fake", user: "lumen" }],
    currentContext: "fake",
  });

  return {
    url,
    kubeConfig,
    calls,
    /** "METHOD kind[/sub]" of each call, in order, for asserting the order of calls. */
    callList: () =>
      calls.map(
        (c) => `${c.method} ${c.kind}${c.sub ? `/${c.sub}` : ""}${c.name ? ` ${c.name}` : ""}`,
      ),
    get: (kind: Kind, name: string) => objects.get(key(kind, name)),
    has: (kind: Kind, name: string) => objects.has(key(kind, name)),
    count: () => objects.size,
    put(kind: Kind, object: KubeObject) {
      objects.set(key(kind, object.metadata.name), object);
    },
    /** Sets a pod's status as the kubelet would report it. */
    setPodStatus(name: string, status: KubeObject) {
      const pod = objects.get(key("pods", name));
      if (!pod) throw new Error(`no pod ${name}`);
      pod.status = status;
    },
    failNext(failure: Failure) {
      failures.push(failure);
    },
    addLog(pod: string, lines: Array<[string, string]>) {
      podLogs.set(pod, [...(podLogs.get(pod) ?? []), ...lines]);
    },
    answerExec(handler: typeof onExec) {
      onExec = handler;
    },
    keepDeletedPods(readsBeforeGone: number) {
      terminatingReads = readsBeforeGone;
    },
    onPodCreated(handler: typeof onPodCreated) {
      onPodCreated = handler;
    },
    onPodRead(handler: typeof onPodRead) {
      onPodRead = handler;
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeKubernetes = Awaited<ReturnType<typeof startFakeKubernetes>>;

/** A pod status as the kubelet reports a running, ready app. */
export function runningStatus(ready = true): KubeObject {
  const now = new Date().toISOString();
  return {
    phase: "Running",
    startTime: now,
    conditions: [{ type: "Ready", status: ready ? "True" : "False", lastTransitionTime: now }],
    containerStatuses: [
      {
        name: "app",
        image: "lumen-app-runtime:1",
        imageID: "",
        ready,
        restartCount: 0,
        started: true,
        state: { running: { startedAt: now } },
      },
    ],
  };
}
