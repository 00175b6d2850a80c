/**
 * Whether this machine can sandbox runs, and how (ADR 0018). The answer comes from starting a
 * real sandboxed Node process once, not from looking for binaries: a container without user
 * namespaces has bubblewrap installed and still cannot use it.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_LIMITS,
  type SandboxCommand,
  type SandboxCommandOptions,
  sandboxCommand,
} from "./sandbox-command.ts";

export type SandboxSupport =
  | {
      available: true;
      mechanism: "bubblewrap";
      /** "none": no interface at all; "own-loopback": a loopback of its own, nothing behind it. */
      network: "none" | "own-loopback";
      /** "own-uid": a host user per slot; "nobody": the server's user mapped to 65534. */
      user: "own-uid" | "nobody";
    }
  | { available: false; missing: string };

/** The repository's root, and what of it a sandbox may read: runtimes and our runner code. */
export const REPO_ROOT = path.resolve(fileURLToPath(import.meta.url), "../../../../..");
export const SANDBOX_READ_ONLY = [
  "node_modules",
  "packages/runners",
  "packages/contracts",
  "packages/core",
  "package.json",
  "tsconfig.base.json",
].map((p) => path.join(REPO_ROOT, p));

/** Host user ids of the pool's slots (root only): one each, so process limits are per slot. */
export const FIRST_SLOT_UID = 61_000;

export const NODE_FLAGS = [
  // happy-dom's own advice for page scripts: no string ever becomes code in Node's realm, so
  // `constructor.constructor("return process")` finds nothing to call (the second wall).
  "--disallow-code-generation-from-strings",
  "--max-old-space-size=768",
  "--import",
  "tsx",
];

export function commandFor(
  root: boolean,
  slot: number,
  overrides: Partial<SandboxCommandOptions> = {},
): SandboxCommand {
  return sandboxCommand({
    root,
    uid: FIRST_SLOT_UID + slot,
    readOnly: SANDBOX_READ_ONLY,
    cwd: REPO_ROOT,
    node: process.execPath,
    nodeArgs: NODE_FLAGS,
    entry: path.join(REPO_ROOT, "packages/runners/src/sandbox/worker-main.ts"),
    limits: DEFAULT_LIMITS,
    ipcFd: 3,
    ...overrides,
  });
}

function tryCommand(command: SandboxCommand): Promise<string | undefined> {
  return new Promise((resolve) => {
    let stderr = "";
    const child = spawn(command.command, command.args, {
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: {},
    });
    let out = "";
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(
        code === 0 && out.trim() === "sandboxed" ? undefined : stderr.trim() || `exit ${code}`,
      );
    });
  });
}

let cached: Promise<SandboxSupport> | undefined;

export function sandboxSupport(): Promise<SandboxSupport> {
  cached ??= probe();
  return cached;
}

async function probe(): Promise<SandboxSupport> {
  if (process.platform !== "linux") return { available: false, missing: "Linux (bubblewrap)" };
  // The probe's node is the server's own, in the same view as a real slot.
  const check = {
    nodeArgs: ["-e", 'process.stdout.write("sandboxed"); process.disconnect()'],
    entry: undefined,
  };
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const failed = await tryCommand(commandFor(true, 0, check));
    if (!failed)
      return { available: true, mechanism: "bubblewrap", network: "none", user: "own-uid" };
  }
  const failed = await tryCommand(commandFor(false, 0, check));
  if (!failed) {
    return { available: true, mechanism: "bubblewrap", network: "own-loopback", user: "nobody" };
  }
  const missing = /ENOENT|No such file/.test(failed)
    ? "bubblewrap (apt-get install bubblewrap) and util-linux"
    : `a working bubblewrap sandbox (${failed.slice(0, 200)})`;
  return { available: false, missing };
}
