/**
 * Starts the built server as a real process on a free port with a fresh embedded database, as
 * `npm start` would, and stops it with SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(fileURLToPath(import.meta.url), "../../..");
/** The built web app the server serves: WEB_DIST_DIR when set (scripts/build.mjs writes there too). */
export const WEB_DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(ROOT, "apps/web/dist");

export interface TestServer {
  url: string;
  process: ChildProcess;
  /** The server's embedded database folder, removed when it stops (unless asked to keep it). */
  dataDir: string;
  output: () => string;
  stop(options?: { keepData?: boolean }): Promise<number | null>;
}

/**
 * Set by the e2e run's global set-up (global-setup.ts): an embedded database already migrated and
 * seeded, which each server starts from a copy of (seconds saved per file, more under load).
 */
export const DATA_TEMPLATE_ENV = "LUMEN_E2E_DATA_TEMPLATE";

export async function startTestServer(
  env: Record<string, string> = {},
  { template = process.env[DATA_TEMPLATE_ENV] }: { template?: string } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-e2e-"));
  // The builder's machines run as users of their own and pass through it to their folders.
  chmodSync(dataDir, 0o711);
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const child = spawn(
    process.execPath,
    // tsx as a loader in the server's own process, not its CLI: the CLI relays SIGTERM to a child
    // and, when the child has not confirmed it within 30 ms (a loaded machine), kills it with
    // SIGKILL and exits 143, so a graceful stop looked like a crash.
    ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: "",
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // Experiments would show half the visitors another landing page, path or glossary: a
        // test sees the originals unless it asks for experiments (experiments.e2e.ts).
        EXPERIMENTS_PAUSED: "true",
        // One warm sandbox process: a file's checks run one at a time, and every slot loads
        // Python, JavaScript, pages and SQL when the server starts.
        RUNNER_POOL_SIZE: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = () => {
      const match = output.match(/ready at (http:\/\/[^\s]+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    dataDir,
    output: () => output,
    stop: ({ keepData = false } = {}) =>
      new Promise((resolve) => {
        const done = (code: number | null) => {
          if (!keepData) rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        };
        if (child.exitCode !== null) {
          done(child.exitCode);
          return;
        }
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
