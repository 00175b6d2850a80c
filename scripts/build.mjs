/**
 * Builds the web app when its inputs changed since the last build (a content hash of the sources
 * is kept beside the output), then precompresses text assets with brotli and gzip so the server
 * can send them without compressing on each request. `--force` rebuilds regardless.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const webDir = path.join(root, "apps/web");
// WEB_DIST_DIR (the server reads it too) lets parallel work build and test its own copy.
const distDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(webDir, "dist");
const stampFile = path.join(distDir, ".build-stamp");
// The source maps live beside the served folder, never in it (ADR 0041); the server reads them
// from the same place (SOURCE_MAPS_DIR, or `<dist>-sourcemaps`).
export const sourceMapsDir = process.env.SOURCE_MAPS_DIR
  ? path.resolve(process.env.SOURCE_MAPS_DIR)
  : path.join(path.dirname(distDir), `${path.basename(distDir)}-sourcemaps`);

const INPUTS = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/contracts/src",
  "packages/core/src",
  "packages/runners/src",
  "package-lock.json",
];

function* walk(p) {
  if (!existsSync(p)) return;
  const stat = statSync(p);
  if (stat.isFile()) {
    yield p;
    return;
  }
  for (const name of readdirSync(p).sort()) {
    if (name === "node_modules" || name.endsWith(".test.ts") || name.endsWith(".test.tsx"))
      continue;
    yield* walk(path.join(p, name));
  }
}

export function inputHash() {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map|zip|bin)$/;

/** Moves every .map out of the served folder, keeping its path; older builds' maps stay. */
function moveSourceMaps(dir) {
  let count = 0;
  for (const file of [...walk(dir)]) {
    if (!file.endsWith(".map")) continue;
    const target = path.join(sourceMapsDir, path.relative(dir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
    count++;
  }
  return count;
}

function precompress(dir) {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith(".html")) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

export function buildWeb({ force = false } = {}) {
  const hash = inputHash();
  if (!force && existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash) {
    return { built: false };
  }
  const started = Date.now();
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: webDir,
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) throw new Error("The web build failed (see above).");
  moveSourceMaps(distDir);
  const compressed = precompress(distDir);
  writeFileSync(stampFile, hash);
  return { built: true, ms: Date.now() - started, compressed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = buildWeb({ force: process.argv.includes("--force") });
  console.log(
    result.built
      ? `web app built in ${(result.ms / 1000).toFixed(1)} s (${result.compressed} files precompressed)`
      : "web app is up to date",
  );
}
