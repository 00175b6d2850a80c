/**
 * Processes of local machines (local-driver.ts): each runs in a process group of its own, so that
 * ending it ends everything it started.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import type { ExecResult, LogLine } from "./machine-driver.ts";

const MAX_OUTPUT = 256 * 1024;
const MAX_LINE = 4_000;

/** Whether something accepts connections on the Unix socket `file`. */
export function socketAnswers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(file);
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Ends the child's process group: SIGTERM, then SIGKILL after 5 s; resolves when it has exited. */
export async function killGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-pid, "SIGTERM");
  } catch {}
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

/** Sends the child's output to `log` a line at a time; lines are cut at 4,000 characters. */
export function pipeLines(
  child: ChildProcess,
  log: (stream: LogLine["stream"], text: string) => void,
): void {
  for (const stream of ["stdout", "stderr"] as const) {
    let rest = "";
    child[stream]?.setEncoding("utf8");
    child[stream]?.on("data", (chunk: string) => {
      rest += chunk;
      const parts = rest.split("\n");
      rest = parts.pop() ?? "";
      if (rest.length > MAX_LINE) {
        parts.push(rest.slice(0, MAX_LINE));
        rest = "";
      }
      for (const part of parts) log(stream, part.slice(0, MAX_LINE));
    });
    child[stream]?.on("end", () => {
      if (rest) log(stream, rest.slice(0, MAX_LINE));
    });
  }
}

/**
 * Runs a command to its end in a group of its own, keeping up to 256 KB of each output; past
 * `timeoutMs` the group is killed and the result says so.
 */
export function runToEnd(
  command: string,
  args: string[],
  { timeoutMs }: { timeoutMs: number },
): Promise<ExecResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: 127, stdout, stderr: String(error), timedOut });
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? 137, stdout, stderr, timedOut });
    });
  });
}
