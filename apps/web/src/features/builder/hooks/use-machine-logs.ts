/**
 * A machine's log, live (issue 18): a WebSocket to /v1/machines/{id}/logs/stream with a fresh
 * ticket each time it opens, asking `after=` the last seq held. A drop reconnects with backoff
 * (at once when the browser comes back online); lines merge by seq (lib/log-lines.ts), so none is
 * lost or doubled. Each socket that opens sends `websocket_connection_completed` once.
 */
import {
  logSocketMessageSchema,
  type MachineLogLine,
  type MachineStateName,
} from "@lumen/contracts";
import { useEffect, useRef, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { isApiError } from "../../../lib/api-error.ts";
import { builderApi } from "../api/builder-client.ts";
import { lastSeq, logSocketAddress, mergeLogLines, reconnectDelay } from "../lib/log-lines.ts";

export type LogConnection = "connecting" | "connected" | "reconnecting" | "ended";

export interface MachineLogs {
  lines: MachineLogLine[];
  /** Older lines let go to keep the view within its cap. */
  dropped: number;
  connection: LogConnection;
  /** Why the stream ended for good (the machine is gone), in the server's words. */
  problem: string | null;
}

/** A socket open this long before it dropped resets the backoff. */
const STEADY_MS = 10_000;

const INITIAL: MachineLogs = { lines: [], dropped: 0, connection: "connecting", problem: null };

export function useMachineLogs(
  machineId: string,
  onState?: (state: MachineStateName) => void,
): MachineLogs {
  const [logs, setLogs] = useState<MachineLogs>(INITIAL);
  const onStateRef = useRef(onState);
  useEffect(() => {
    onStateRef.current = onState;
  });

  useEffect(() => {
    let ended = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Tries since a socket last stayed up for a while: the backoff grows with them. */
    let attempt = 0;
    let opened = 0;
    let held: MachineLogLine[] = [];
    setLogs(INITIAL);

    const retry = () => {
      attempt += 1;
      setLogs((now) => ({ ...now, connection: "reconnecting" }));
      timer = setTimeout(() => void connect(), reconnectDelay(attempt));
    };

    const receive = (data: unknown) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return;
      }
      const message = logSocketMessageSchema.safeParse(parsed);
      if (!message.success) return;
      if (message.data.type === "state") {
        onStateRef.current?.(message.data.state);
        return;
      }
      const merged = mergeLogLines(held, message.data.lines);
      held = merged.lines;
      setLogs((now) => ({ ...now, lines: held, dropped: now.dropped + merged.dropped }));
    };

    async function connect() {
      timer = undefined;
      let path: string;
      try {
        path = await builderApi.logSocketUrl(machineId);
      } catch (error) {
        if (ended) return;
        if (isApiError(error) && error.status === 404) {
          setLogs((now) => ({ ...now, connection: "ended", problem: error.message }));
          return;
        }
        retry();
        return;
      }
      if (ended) return;
      const ws = new WebSocket(logSocketAddress(path, window.location.href, lastSeq(held)));
      socket = ws;
      let openedAt = 0;
      ws.onopen = () => {
        openedAt = Date.now();
        opened += 1;
        track("websocket_connection_completed", { stream: "machine_logs", reconnect: opened > 1 });
        setLogs((now) => ({ ...now, connection: "connected" }));
      };
      ws.onmessage = (event) => receive(event.data);
      ws.onclose = () => {
        if (ended || socket !== ws) return;
        socket = null;
        // A socket that stayed up a while was a good one: start the backoff again from 1 s.
        if (openedAt && Date.now() - openedAt > STEADY_MS) attempt = 0;
        retry();
      };
    }

    const onOnline = () => {
      if (timer === undefined || socket) return;
      clearTimeout(timer);
      void connect();
    };
    window.addEventListener("online", onOnline);
    void connect();
    return () => {
      ended = true;
      window.removeEventListener("online", onOnline);
      clearTimeout(timer);
      socket?.close(1000);
    };
  }, [machineId]);

  return logs;
}
