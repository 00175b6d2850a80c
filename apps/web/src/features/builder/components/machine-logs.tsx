/**
 * A machine's log view (issue 18), on the machine and instance screens: the lines as they are
 * written, stdout plain, stderr and system lines labelled and marked (not by colour alone); it
 * follows the newest line unless the learner scrolled up; a connection status read out as it
 * changes; "Copy logs". Long lines wrap, so a phone never scrolls sideways. Shown only with the
 * `showMachineLogs` flag; without it, the socket is never opened.
 */
import type { MachineLogLine, MachineStateName } from "@lumen/contracts";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Alert, Button, Card } from "../../../ui/index.ts";
import { useFlag } from "../../flags/flags-provider.tsx";
import { type LogConnection, useMachineLogs } from "../hooks/use-machine-logs.ts";
import { LOG_LINE_CAP, logsAsText } from "../lib/log-lines.ts";

/** How close to the bottom (px) still counts as following the newest line. */
const FOLLOW_SLACK = 24;

const CONNECTION_WORDS: Record<LogConnection, string> = {
  connecting: "Connecting…",
  connected: "Connected: new lines appear as they are written",
  reconnecting: "Connection lost: reconnecting…",
  ended: "Not connected",
};

const time = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function clock(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "" : time.format(at);
}

export function MachineLogs({
  machineId,
  onState,
}: {
  machineId: string;
  /** The machine's state changed (the socket says so): the screen refreshes its status. */
  onState?: (state: MachineStateName) => void;
}) {
  const enabled = useFlag("showMachineLogs");
  return (
    <Card asChild className="space-y-3">
      <section aria-labelledby="machine-logs-heading">
        <h2 id="machine-logs-heading" className="text-lg font-bold">
          Logs
        </h2>
        {enabled ? (
          <LogStream machineId={machineId} onState={onState} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="logs-off">
            Logs are not turned on for your account yet. The app still runs as usual.
          </p>
        )}
      </section>
    </Card>
  );
}

function LogStream({
  machineId,
  onState,
}: {
  machineId: string;
  onState?: (state: MachineStateName) => void;
}) {
  const { lines, dropped, connection, problem } = useMachineLogs(machineId, onState);
  const box = useRef<HTMLElement>(null);
  const [following, setFollowing] = useState(true);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");

  // Keep the newest line in view while following; the learner's own scroll decides.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && following && lines.length) el.scrollTop = el.scrollHeight;
  }, [lines, following]);

  useEffect(() => {
    if (copied === "idle") return;
    const timer = setTimeout(() => setCopied("idle"), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(logsAsText(lines));
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          role="status"
          aria-live="polite"
          data-testid="log-connection"
          data-connection={connection}
          className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300"
        >
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 shrink-0 rounded-full ${
              connection === "connected"
                ? "bg-emerald-500"
                : connection === "ended"
                  ? "bg-slate-400"
                  : "bg-amber-500 motion-safe:animate-pulse"
            }`}
          />
          {CONNECTION_WORDS[connection]}
        </p>
        <div className="flex items-center gap-2">
          <Button size="sm" onClick={copy} disabled={lines.length === 0}>
            Copy logs
          </Button>
          <span aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
            {copied === "copied"
              ? "Copied."
              : copied === "failed"
                ? "This browser did not allow copying: select the lines instead."
                : ""}
          </span>
        </div>
      </div>
      {problem && <Alert tone="warning">{problem}</Alert>}
      {dropped > 0 && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Older lines are not shown: this view keeps the newest{" "}
          {LOG_LINE_CAP.toLocaleString("en-US")}.
        </p>
      )}
      <div className="relative">
        <section
          ref={box}
          onScroll={onScroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs keyboard access (axe scrollable-region-focusable, WCAG 2.1.1).
          tabIndex={0}
          aria-label="Log lines"
          data-testid="log-lines"
          className="max-h-[28rem] min-h-40 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-2 font-mono text-xs leading-relaxed text-slate-800 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-200"
        >
          {lines.length === 0 ? (
            <p className="p-2 font-sans text-sm text-slate-500 dark:text-slate-400">
              {connection === "connected"
                ? "No lines yet. What the app prints appears here."
                : "Waiting for the log…"}
            </p>
          ) : (
            <ol className="space-y-px">
              {lines.map((line) => (
                <LogLineRow key={line.seq} line={line} />
              ))}
            </ol>
          )}
        </section>
        {!following && lines.length > 0 && (
          <Button
            size="sm"
            variant="brand"
            className="absolute right-3 bottom-3 shadow-md"
            onClick={() => {
              setFollowing(true);
              const el = box.current;
              if (el) el.scrollTop = el.scrollHeight;
            }}
          >
            Jump to newest
          </Button>
        )}
      </div>
    </div>
  );
}

const STREAM_CLASSES: Record<MachineLogLine["stream"], string> = {
  stdout: "border-transparent",
  stderr:
    "border-red-500 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950/50 dark:text-red-100",
  system: "border-sky-500 italic text-sky-900 dark:border-sky-400 dark:text-sky-200",
};

function LogLineRow({ line }: { line: MachineLogLine }) {
  return (
    <li
      data-stream={line.stream}
      data-seq={line.seq}
      className={`flex gap-2 rounded border-l-4 px-2 py-0.5 ${STREAM_CLASSES[line.stream]}`}
    >
      <time
        dateTime={line.at}
        className="hidden shrink-0 text-slate-500 not-italic tabular-nums sm:inline dark:text-slate-400"
      >
        {clock(line.at)}
      </time>
      {line.stream !== "stdout" && (
        <span className="shrink-0 font-sans font-semibold not-italic uppercase">{line.stream}</span>
      )}
      <span className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">{line.text}</span>
    </li>
  );
}
