/**
 * A machine's log as the log view holds it (issue 18): lines from the socket merged in by their
 * `seq`, so that a reconnect which asks `after=` the last seq held, or a batch the server sends
 * twice, neither loses nor doubles a line. Pure, so the merge is tested without a socket.
 */
import type { MachineLogLine } from "@lumen/contracts";

/** Lines the view keeps at most: the newest, so that a chatty app cannot fill the tab's memory. */
export const LOG_LINE_CAP = 5_000;

export interface MergedLog {
  lines: MachineLogLine[];
  /** Older lines let go to stay within the cap. */
  dropped: number;
}

/** HELD and INCOMING as one list in seq order, each seq once (the line held first wins), capped. */
export function mergeLogLines(
  held: readonly MachineLogLine[],
  incoming: readonly MachineLogLine[],
  cap = LOG_LINE_CAP,
): MergedLog {
  let previous = lastSeq(held);
  let inOrder = true;
  for (const line of incoming) {
    if (line.seq <= previous) {
      inOrder = false;
      break;
    }
    previous = line.seq;
  }
  let merged: MachineLogLine[];
  if (inOrder) {
    // The usual case: new lines after the ones held, in order.
    merged = held.concat(incoming);
  } else {
    const bySeq = new Map<number, MachineLogLine>();
    for (const line of held) bySeq.set(line.seq, line);
    for (const line of incoming) if (!bySeq.has(line.seq)) bySeq.set(line.seq, line);
    merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }
  const dropped = Math.max(0, merged.length - cap);
  return { lines: dropped ? merged.slice(dropped) : merged, dropped };
}

/** The seq to reconnect `after=`: the newest line held, 0 for none. */
export function lastSeq(lines: readonly MachineLogLine[]): number {
  return lines.at(-1)?.seq ?? 0;
}

/**
 * The socket's address from the ticket's relative path (`/v1/machines/{id}/logs/stream?ticket=`):
 * ws: or wss: on the page's own origin, with `after` set.
 */
export function logSocketAddress(path: string, pageUrl: string, after: number): string {
  const url = new URL(path, pageUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("after", String(Math.max(0, Math.floor(after))));
  return url.toString();
}

/** Milliseconds before reconnect number ATTEMPT (1, 2, …): 1 s doubling to 30 s at most. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

/** What "Copy logs" puts on the clipboard: one line each, stderr and system lines marked. */
export function logsAsText(lines: readonly MachineLogLine[]): string {
  return lines
    .map((line) => (line.stream === "stdout" ? line.text : `[${line.stream}] ${line.text}`))
    .join("\n");
}
