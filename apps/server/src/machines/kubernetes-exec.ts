/**
 * Running a command in a machine's pod through the exec API (issue 18, ADR 0058): a WebSocket
 * with numbered channels (0 stdin, 1 stdout, 2 stderr, 3 the exit status). Input needs the
 * v5.channel.k8s.io protocol (Kubernetes 1.30+), the only one that can close stdin without closing
 * the whole connection; older clusters are refused with a clear error before anything is sent.
 */
import { PassThrough, Writable } from "node:stream";
import type { Exec, V1Status } from "@kubernetes/client-node";

export interface PodExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Our own deadline ended the connection before the command said how it ended. */
  cutOff: boolean;
}

const MAX_OUTPUT = 256 * 1024;
const CHUNK = 32 * 1024;
const STDIN_PROTOCOL = "v5.channel.k8s.io";

function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (size < MAX_OUTPUT) {
        chunks.push(chunk.subarray(0, MAX_OUTPUT - size));
        size += chunk.length;
      }
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

/** The exit code in the status Kubernetes sends on channel 3. */
export function exitCodeOf(status: V1Status | undefined): { exitCode: number; message?: string } {
  if (!status)
    return { exitCode: 255, message: "The exec connection closed without an exit status." };
  if (status.status === "Success") return { exitCode: 0 };
  const cause = status.details?.causes?.find((c) => c.reason === "ExitCode");
  const code = Number(cause?.message);
  if (status.reason === "NonZeroExitCode" && Number.isInteger(code)) return { exitCode: code };
  // The command could not start (not found, not executable): the shell's code for that.
  return { exitCode: 127, message: status.message ?? "The command could not run." };
}

export async function execInPod(
  exec: Exec,
  target: { namespace: string; pod: string; container: string },
  command: string[],
  options: { stdin?: Buffer; deadlineMs: number },
): Promise<PodExecResult> {
  const stdout = collector();
  const stderr = collector();
  const stdin = options.stdin ? new PassThrough() : null;
  let status: V1Status | undefined;
  const socket = await exec.exec(
    target.namespace,
    target.pod,
    target.container,
    command,
    stdout.stream,
    stderr.stream,
    stdin,
    false,
    (answer) => {
      status = answer;
    },
  );
  let cutOff = false;
  const closed = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      cutOff = true;
      socket.close();
      resolve();
    }, options.deadlineMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (stdin && options.stdin) {
    if (socket.protocol !== STDIN_PROTOCOL) {
      socket.close();
      throw new Error(
        `The cluster's exec API speaks ${socket.protocol || "an old protocol"}, not ${STDIN_PROTOCOL}: writing files into a machine needs Kubernetes 1.30 or later.`,
      );
    }
    for (let at = 0; at < options.stdin.length; at += CHUNK) {
      stdin.write(options.stdin.subarray(at, at + CHUNK));
    }
    stdin.end();
  }
  await closed;
  const { exitCode, message } = exitCodeOf(status);
  const errors = stderr.text();
  return {
    exitCode: cutOff && !status ? 137 : exitCode,
    stdout: stdout.text(),
    stderr:
      message && !cutOff
        ? `${errors}${errors && !errors.endsWith("\n") ? "\n" : ""}${message}`
        : errors,
    cutOff,
  };
}

/** Relative, inside the workspace, not in the packages (the caller checked; we check again). */
export function checkWorkspacePath(file: string): void {
  const parts = file.split("/");
  if (
    file === "" ||
    file.startsWith("/") ||
    file.includes("\0") ||
    parts.some((part) => part === "" || part === "." || part === "..") ||
    parts[0] === "node_modules"
  ) {
    throw new Error(`Refused path ${file}`);
  }
}

/**
 * Runs inside the machine as `node -e WRITE_SCRIPT /app`: applies the JSON list of writes on stdin
 * to the workspace. Paths and contents travel as data, never through a shell, and the script
 * refuses a path that leaves the workspace or enters the packages all the same.
 */
export const WRITE_SCRIPT = `const fs = require("node:fs");
const path = require("node:path");
const root = process.argv[1];
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  for (const file of JSON.parse(input)) {
    const target = path.resolve(root, file.path);
    const relative = path.relative(root, target);
    if (!relative || relative.startsWith("..") || path.isAbsolute(relative) || relative.split(path.sep)[0] === "node_modules") {
      throw new Error("Refused path " + file.path);
    }
    if (file.content === null) fs.rmSync(target, { force: true });
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.content);
    }
  }
});`;
