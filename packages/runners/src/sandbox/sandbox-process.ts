/**
 * One sandboxed runner process (a pool slot): starts it with the command of sandbox-command.ts,
 * sends it one run at a time over Node's IPC channel and watches the clock. A run that outlives
 * its limit, a process that dies, or an answer that breaks the protocol ends the process (and,
 * with its PID namespace, everything it started); the slot then starts a fresh one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { RunRequest, RunResult } from "@lumen/contracts";
import { type SandboxReply, type SandboxRequest, sandboxReplySchema } from "./protocol.ts";
import type { SandboxCommand } from "./sandbox-command.ts";

export type RunOutcome =
  | { ok: true; result: RunResult }
  | { ok: false; reason: "timeout" | "crashed"; detail: string };

interface Waiter {
  id: number;
  resolve(reply: SandboxReply | { type: "gone"; detail: string }): void;
}

/** What the sandbox printed is kept for the server log, up to this much. */
const MAX_LOG_CHARS = 4_000;

export class SandboxProcess {
  private child?: ChildProcess;
  private waiter?: Waiter;
  private nextId = 1;
  private stderr = "";
  private queue: Promise<unknown> = Promise.resolve();
  readonly ready: Promise<void>;
  runs = 0;
  dead = false;

  constructor(
    command: SandboxCommand,
    private readonly onLog: (line: string) => void = () => {},
  ) {
    const child = spawn(command.command, command.args, {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // The sandbox starts from nothing: bubblewrap's --clearenv empties it again inside.
      env: {},
      detached: true,
    });
    this.child = child;
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      if (this.stderr.length < MAX_LOG_CHARS) this.stderr += chunk.slice(0, MAX_LOG_CHARS);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onFirst = (raw: unknown) => {
        const reply = sandboxReplySchema.safeParse(raw);
        if (reply.success && reply.data.type === "ready") {
          child.off("message", onFirst);
          child.on("message", (message: unknown) => this.receive(message));
          resolve();
        }
      };
      child.on("message", onFirst);
      child.once("exit", (code, signal) => {
        this.dead = true;
        const detail = `the sandbox exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim()}` : ""}`;
        if (this.stderr) this.onLog(this.stderr.trim());
        reject(new Error(detail));
        this.settle({ type: "gone", detail });
      });
      child.once("error", (error) => {
        this.dead = true;
        reject(error);
        this.settle({ type: "gone", detail: error.message });
      });
    });
    // A failed start is reported through run(); nobody may be listening yet.
    this.ready.catch(() => undefined);
  }

  private receive(raw: unknown) {
    const reply = sandboxReplySchema.safeParse(raw);
    if (!reply.success || !("id" in reply.data) || reply.data.id !== this.waiter?.id) {
      // Learner code that took over the process could send anything: never trust it again.
      this.kill();
      this.settle({ type: "gone", detail: "the sandbox broke the protocol" });
      return;
    }
    this.settle(reply.data);
  }

  private settle(reply: SandboxReply | { type: "gone"; detail: string }) {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve(reply);
  }

  /** One message at a time: a preload and a run never share the answer slot. */
  private send(message: SandboxRequest, limitMs: number) {
    const turn = this.queue.then(() => this.exchange(message, limitMs));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private exchange(message: SandboxRequest, limitMs: number) {
    if (this.dead)
      return Promise.resolve({ type: "gone" as const, detail: "the sandbox has ended" });
    return new Promise<SandboxReply | { type: "gone"; detail: string } | { type: "late" }>(
      (resolve) => {
        const timer = setTimeout(() => {
          this.waiter = undefined;
          this.kill();
          resolve({ type: "late" });
        }, limitMs);
        this.waiter = {
          id: message.id,
          resolve: (reply) => {
            clearTimeout(timer);
            resolve(reply);
          },
        };
        this.child?.send(message);
      },
    );
  }

  async preload(families: Array<"python" | "sql" | "javascript" | "page">, limitMs: number) {
    await this.ready;
    const reply = await this.send({ type: "preload", id: this.nextId++, families }, limitMs);
    if (reply.type !== "preloaded") throw new Error("the sandbox did not preload");
  }

  /** One run; `limitMs` is the watchdog: the run's own limit plus room for a cold runtime. */
  async run(request: RunRequest, limitMs: number): Promise<RunOutcome> {
    try {
      await this.ready;
    } catch (error) {
      return { ok: false, reason: "crashed", detail: (error as Error).message };
    }
    this.runs++;
    const reply = await this.send({ type: "run", id: this.nextId++, request }, limitMs);
    switch (reply.type) {
      case "result":
        return { ok: true, result: reply.result };
      case "late":
        return { ok: false, reason: "timeout", detail: "the run outlived its watchdog" };
      case "failed":
      case "gone":
        return { ok: false, reason: "crashed", detail: reply.detail };
      default:
        this.kill();
        return { ok: false, reason: "crashed", detail: "unexpected answer" };
    }
  }

  /** Ends the whole sandbox: its process group, and with bubblewrap's PID 1 all inside it. */
  kill() {
    this.dead = true;
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      this.child?.kill("SIGKILL");
    }
  }
}
