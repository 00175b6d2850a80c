/**
 * The only way into a builder app (issue 18): requests for `{label}.{APPS_DOMAIN}` are passed to
 * the machine's app over its Unix socket (or the driver's URL), never to the product. A preview
 * (`p-{machine id}{keyed hash}`) is reached only by its address, which only its owner is given
 * (the builder API): a capability, like a secret link, because browsers refuse cookies in a
 * cross-site frame; previews answer with no-referrer and noindex. An instance (`{slug}`) is
 * public. A stopped machine is started and the visitor sees a page that retries. Our own cookies
 * never reach an app: they belong to the product's host.
 */
import { type IncomingMessage, request, type ServerResponse } from "node:http";
import { connect } from "node:net";
import type { Duplex } from "node:stream";
import type { Db } from "@lumen/db";
import { and, eq, isNull, schema } from "@lumen/db";
import type { Logger } from "pino";
import { instanceMachineBySlug } from "../builder/instance-store.ts";
import type { MachineRow, MachineService } from "./machine-service.ts";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

export interface AppProxyDeps {
  db: Db;
  machines: MachineService;
  logger: Logger;
  /** The product's own origin: the only one that may frame a preview. */
  productOrigin: string;
}

/** The app label of a request's host, or null when the request is for the product itself. */
export function appLabelOf(host: string | undefined, appsHost: string): string | null {
  if (!host) return null;
  const lower = host.toLowerCase();
  const suffix = `.${appsHost}`;
  if (!lower.endsWith(suffix)) return null;
  const label = lower.slice(0, -suffix.length);
  return /^[a-z0-9-]{1,63}$/.test(label) ? label : null;
}

function page(res: ServerResponse, status: number, title: string, text: string, retry = false) {
  const refresh = retry ? '<meta http-equiv="refresh" content="2">' : "";
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    ...(retry ? { "retry-after": "2" } : {}),
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${refresh}<title>${title}</title><style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color-scheme:light dark}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
  );
}

async function previewMachine(db: Db, id: string): Promise<MachineRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .select()
    .from(schema.machines)
    .where(
      and(
        eq(schema.machines.id, id),
        eq(schema.machines.role, "preview"),
        isNull(schema.machines.destroyedAt),
      ),
    );
  return row ?? null;
}

export function createAppProxy(deps: AppProxyDeps) {
  const { machines } = deps;
  const secure = machines.originOf("x").startsWith("https:");

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    machine: MachineRow,
    extra: Record<string, string>,
  ) {
    const driver = await machines.driver();
    let address = await driver.address(machine.id);
    if (!address) {
      await machines.ensureRunning(deps.db, machine);
      const status = await driver.waitFor(machine.id, ["running", "failed"], 15_000);
      if (status?.state === "failed") {
        return page(
          res,
          502,
          "This app has stopped",
          "It failed to start. Its owner can see why in the machine's logs.",
        );
      }
      address = await driver.address(machine.id);
      if (!address)
        return page(res, 503, "Starting the app…", "This page tries again in a moment.", true);
    }
    void machines.touch(deps.db, machine.id).catch(() => {});
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(key)) continue;
      headers[key] = value;
    }
    headers["x-forwarded-proto"] = secure ? "https" : "http";
    headers["x-forwarded-host"] = req.headers.host ?? "";
    const target =
      address.kind === "socket"
        ? { socketPath: address.path, path: req.url ?? "/", method: req.method, headers }
        : (() => {
            const url = new URL(req.url ?? "/", address.url);
            return {
              hostname: url.hostname,
              port: url.port,
              path: url.pathname + url.search,
              method: req.method,
              headers,
            };
          })();
    const upstream = request(target, (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
      }
      Object.assign(out, extra);
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    upstream.setTimeout(120_000, () => upstream.destroy(new Error("the app took too long")));
    upstream.once("error", (error) => {
      deps.logger.info({ err: error, machine: machine.id }, "app proxy: no answer");
      if (!res.headersSent)
        page(res, 502, "The app did not answer", "It may be restarting. Try again in a moment.");
      else res.destroy();
    });
    req.pipe(upstream);
  }

  /** The machine behind a label: a preview by its keyed name, an instance by its slug. */
  async function machineOf(label: string): Promise<MachineRow | null> {
    if (label.startsWith("p-")) {
      const machineId = machines.machineOfPreviewLabel(label);
      return machineId ? previewMachine(deps.db, machineId) : null;
    }
    return instanceMachineBySlug(deps.db, label);
  }

  /** A WebSocket to an app (its dev server's live reload): passed through to the app as is. */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, label: string) {
    const machine = await machineOf(label);
    const address = machine ? await (await machines.driver()).address(machine.id) : null;
    if (!machine || !address) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const upstream =
      address.kind === "socket"
        ? connect(address.path)
        : connect(Number(new URL(address.url).port || 80), new URL(address.url).hostname);
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    upstream.once("connect", () => {
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.once("error", close);
    socket.once("error", close);
    upstream.once("close", close);
    socket.once("close", close);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, label: string): Promise<void> {
    if (label.startsWith("p-")) {
      const machineId = machines.machineOfPreviewLabel(label);
      const machine = machineId ? await previewMachine(deps.db, machineId) : null;
      if (!machine) {
        return page(res, 404, "This preview is not here", "Open it again from the builder.");
      }
      return forward(req, res, machine, {
        "content-security-policy": `frame-ancestors ${deps.productOrigin}`,
        "cache-control": "no-store",
        // The address is the preview's key: no page the app links to may learn it.
        "referrer-policy": "no-referrer",
        "x-robots-tag": "noindex",
      });
    }
    const machine = await instanceMachineBySlug(deps.db, label);
    if (!machine) return page(res, 404, "No app here", "Nothing is published at this address.");
    return forward(req, res, machine, {});
  }

  return {
    /** Takes a WebSocket upgrade when it is for an app; false when it is the product's. */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const label = appLabelOf(req.headers.host, machines.appsHost);
      if (!label) return false;
      upgrade(req, socket, head, label).catch((error: unknown) => {
        deps.logger.info({ err: error }, "app proxy: upgrade failed");
        socket.destroy();
      });
      return true;
    },
    /** Answers the request when it is for an app; false when it is the product's. */
    handle(req: IncomingMessage, res: ServerResponse): boolean {
      const label = appLabelOf(req.headers.host, machines.appsHost);
      if (!label) return false;
      handle(req, res, label).catch((error: unknown) => {
        deps.logger.warn({ err: error }, "app proxy failed");
        if (!res.headersSent) {
          const unavailable = error instanceof Error && /not available/.test(error.message);
          page(
            res,
            unavailable ? 503 : 502,
            "The app cannot be reached",
            unavailable ? error.message : "Try again in a moment.",
          );
        } else res.destroy();
      });
      return true;
    },
  };
}
