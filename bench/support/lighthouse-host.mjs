/**
 * What a Lighthouse bench runs against: the built server on a free port with a fresh embedded
 * database, and Debian's Chromium with a remote-debugging port for Lighthouse to drive. `open()`
 * starts both (building the web app first when its sources changed); `close()` stops both and
 * removes their folders.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb } from "../../scripts/build.mjs";

const root = path.resolve(fileURLToPath(import.meta.url), "../../..");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Waits for a child's output to match, and answers the match. */
function waitForOutput(child, pattern, what) {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), 90_000);
    const onData = (data) => {
      output += data;
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${output}`));
    });
  });
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** `name` names the temporary folders; `chromiumFlags` are added to the usual headless ones. */
export async function openLighthouseHost(name, chromiumFlags = []) {
  const built = buildWeb();
  if (built.built) console.log(`(built the web app in ${(built.ms / 1000).toFixed(1)} s)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `lumen-${name}-`));
  const profileDir = mkdtempSync(path.join(tmpdir(), `lumen-${name}-chromium-`));
  const server = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/src/main.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: "",
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const chromium = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...chromiumFlags,
      "--remote-debugging-port=0",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const close = async () => {
    await Promise.all([stop(server), stop(chromium)]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  };
  try {
    const [[, url], [, port]] = await Promise.all([
      waitForOutput(server, /ready at (http:\/\/[^\s]+)/, "the server"),
      waitForOutput(chromium, /DevTools listening on ws:\/\/[^:]+:(\d+)\//, "Chromium"),
    ]);
    return { url, port: Number(port), close };
  } catch (error) {
    await close();
    throw error;
  }
}
