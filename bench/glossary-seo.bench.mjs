/**
 * Lighthouse's SEO score (npm `lighthouse`, Debian's Chromium: --headless=new --no-sandbox
 * --disable-gpu) on the glossary pages (issue 17: the target is 100), with the accessibility
 * score beside it and every SEO audit that held a page back. Builds the web app when its sources
 * changed (WEB_DIST_DIR names the build), starts the built server on a free port with a fresh
 * embedded database. Exits 1 when a page scores under 100.
 * Run: node bench/glossary-seo.bench.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { buildWeb } from "../scripts/build.mjs";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = ["/glossary/html", "/glossary/python/list", "/glossary/sql/join"];

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

const built = buildWeb();
if (built.built) console.log(`(built the web app in ${(built.ms / 1000).toFixed(1)} s)`);

const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-seo-"));
const profileDir = mkdtempSync(path.join(tmpdir(), "lumen-seo-chromium-"));
const server = spawn(
  process.execPath,
  [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "apps/server/src/main.ts")],
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
    "--no-first-run",
    "--remote-debugging-port=0",
    `--user-data-dir=${profileDir}`,
    "about:blank",
  ],
  { stdio: ["ignore", "pipe", "pipe"] },
);
let failed = false;
try {
  const [[, url], [, port]] = await Promise.all([
    waitForOutput(server, /ready at (http:\/\/[^\s]+)/, "the server"),
    waitForOutput(chromium, /DevTools listening on ws:\/\/[^:]+:(\d+)\//, "Chromium"),
  ]);
  for (const page of PAGES) {
    const result = await lighthouse(`${url}${page}`, {
      port: Number(port),
      output: "json",
      logLevel: "error",
      onlyCategories: ["seo", "accessibility"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
    const seo = Math.round((lhr.categories.seo?.score ?? 0) * 100);
    const a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
    console.log(`Lighthouse ${lhr.lighthouseVersion} ${page}: SEO ${seo}, accessibility ${a11y}`);
    for (const category of ["seo", "accessibility"]) {
      for (const ref of lhr.categories[category].auditRefs) {
        const item = lhr.audits[ref.id];
        if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
          console.log(`  ${category}: ${item.title}`);
        }
      }
    }
    if (seo < 100) failed = true;
  }
} finally {
  await Promise.all([stop(server), stop(chromium)]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
