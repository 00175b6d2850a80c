/**
 * A machine's log over a WebSocket (issue 18): GET /v1/machines/{id}/logs/stream?ticket=&after=
 * upgraded by the `ws` package. The ticket (POST .../logs/ticket, one minute, signed for the owner
 * and this machine) stands in for the bearer token a browser cannot send on a socket. The socket
 * sends every line after `after` first, in order, then each new line as it is written, and the
 * machine's state changes; a client that reconnects with its last seq loses nothing.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { LogSocketMessage } from "@lumen/contracts";
import type { Logger } from "pino";
import { WebSocketServer } from "ws";
import type { LogLine } from "./machine-driver.ts";
import type { MachineService } from "./machine-service.ts";

const PATH = /^\/v1\/machines\/([0-9a-f-]{36})\/logs\/stream$/;
const BATCH = 500;

export function createLogSocket(deps: { machines: MachineService; logger: Logger }) {
  const server = new WebSocketServer({ noServer: true, maxPayload: 4096 });

  function refuse(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  return {
    /** Takes the upgrade when it is a log stream; false otherwise. */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = new URL(req.url ?? "/", "http://x");
      const match = PATH.exec(url.pathname);
      if (!match?.[1]) return false;
      const machineId = match[1];
      const userId = deps.machines.verifyTicket(
        "logs",
        machineId,
        url.searchParams.get("ticket") ?? "",
      );
      if (!userId) {
        refuse(socket, 401, "Unauthorized");
        return true;
      }
      const after = Number(url.searchParams.get("after") ?? 0);
      server.handleUpgrade(req, socket, head, (ws) => {
        void (async () => {
          const driver = await deps.machines.driver();
          let last = Number.isSafeInteger(after) && after >= 0 ? after : 0;
          const pending: LogLine[] = [];
          let caughtUp = false;
          const send = (message: LogSocketMessage) => {
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
          };
          // New lines wait while the backlog is sent, so that the order holds.
          const unfollow = driver.followLogs(machineId, (line) => {
            if (!caughtUp) return void pending.push(line);
            if (line.seq <= last) return;
            last = line.seq;
            send({ type: "lines", lines: [line] });
            if (line.stream === "system") {
              const state = line.text.split(":")[0];
              if (
                state === "starting" ||
                state === "running" ||
                state === "stopped" ||
                state === "failed" ||
                state === "stopping" ||
                state === "created"
              ) {
                send({ type: "state", state });
              }
            }
          });
          ws.once("close", unfollow);
          const status = await driver.status(machineId);
          if (status) send({ type: "state", state: status.state });
          for (;;) {
            const lines = await driver.logs(machineId, { afterSeq: last, limit: BATCH });
            if (lines.length === 0) break;
            last = lines.at(-1)?.seq ?? last;
            send({ type: "lines", lines });
          }
          caughtUp = true;
          const rest = pending.filter((line) => line.seq > last);
          if (rest.length) {
            last = rest.at(-1)?.seq ?? last;
            send({ type: "lines", lines: rest });
          }
          const ping = setInterval(() => ws.ping(), 30_000);
          ws.once("close", () => clearInterval(ping));
        })().catch((error: unknown) => {
          deps.logger.warn({ err: error, machine: machineId }, "log stream failed");
          ws.close(1011, "The log is not available");
        });
      });
      return true;
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}
