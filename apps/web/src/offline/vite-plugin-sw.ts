/**
 * Builds the service worker (sw.ts) into dist/sw.js at the end of the web build, with the list
 * the worker needs injected as a constant: the app to precache ("/", the public scripts and every
 * hashed JavaScript and CSS file of every screen, read from the bundle itself), a hash of the
 * runtimes, and which files each runner family runs with (its worker script and runtime files).
 * The precache has a size budget, checked here: a build over it fails. See
 * docs/decisions/0012-service-worker.md.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
// Relative, like vite.config.ts: Vite bundles its config and plugins before Node can load TypeScript.
import {
  PYODIDE_BASE,
  SQL_BASE,
  TYPESCRIPT_BASE,
} from "../../../../packages/runners/src/assets.ts";
import type { RuntimeGroup, ServiceWorkerManifest } from "./sw-routes.ts";

const SW_SOURCE = fileURLToPath(new URL("./sw.ts", import.meta.url));
const SW_FILE = "sw.js";
/** Unhashed files the shell's page loads before the app starts (see index.html). */
const SHELL_PUBLIC_FILES = ["theme-init.js", "favicon.svg"];

/**
 * What the precache may weigh, uncompressed: every screen's code and styles (about 2 MB, some
 * 600 KB with brotli over the wire, when this was set). The runtimes are not in it: they are kept
 * per runtime group, when a chapter that needs them is opened.
 */
export const PRECACHE_BUDGET_BYTES = 3 * 1024 * 1024;

/**
 * What each runtime group (sw-routes.ts) runs with: its Web Worker scripts (Vite names them
 * assets/worker-<name>.worker-<hash>.js) and the runtime folders it fetches from. A new runner
 * with a worker or runtime files adds a line here.
 */
const RUNNER_FILES: Record<RuntimeGroup, { workers: string[]; folders: string[] }> = {
  python: { workers: ["python"], folders: [`runtimes/${PYODIDE_BASE}`] },
  sql: { workers: ["sql"], folders: [`runtimes/${SQL_BASE}`] },
  // js-syntax: the editor's JavaScript lint (apps/web/src/editor/js-syntax.worker.ts).
  javascript: { workers: ["js-sandbox", "js-syntax"], folders: [] },
  page: { workers: [], folders: ["runtimes/page/"] },
  // The compiler that type-checks TypeScript and TSX lessons before they run.
  typescript: { workers: [], folders: [`runtimes/${TYPESCRIPT_BASE}`] },
};

const WORKER_SCRIPT = /^assets\/worker-([a-z0-9-]+)\.worker-[^/]+\.js$/;

/** The parts of Rolldown's output bundle this plugin reads. */
export type BundleItem =
  | {
      type: "chunk";
      fileName: string;
      code: string;
      isEntry?: boolean;
      facadeModuleId?: string | null;
      imports?: string[];
      dynamicImports?: string[];
    }
  | { type: "asset"; fileName: string; source: string | Uint8Array };

/**
 * Screens that work only online, so precaching them buys nothing: the admin console and the
 * runner playground (operators and course engineers, never learners), the community and live events (every view is the server's latest, and their
 * Markdown renderer, some 190 KB, is used nowhere else), and the app builder (its machines and
 * its model are on the server, and its diff library is used nowhere else).
 */
const ONLINE_SCREEN = /[\\/]features[\\/](admin|builder|community|events|playground)[\\/]/;

/**
 * The chunks a learner's screens can load offline: everything reachable from the entry, except
 * through a lazy import of an online-only screen. Those screens' code and what only they use (the
 * console's charts, the community's Markdown) are not precached. A bundle without entry information keeps every chunk.
 */
function learnerChunks(bundle: Record<string, BundleItem>): Set<string> | null {
  const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
  const entries = chunks.filter((item) => item.isEntry);
  if (entries.length === 0) return null;
  const reached = new Set<string>();
  const queue = entries.map((item) => item.fileName);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    const chunk = bundle[name];
    if (chunk?.type !== "chunk") continue;
    queue.push(...(chunk.imports ?? []));
    for (const lazy of chunk.dynamicImports ?? []) {
      const target = bundle[lazy];
      if (target?.type === "chunk" && ONLINE_SCREEN.test(target.facadeModuleId ?? "")) continue;
      queue.push(lazy);
    }
  }
  return reached;
}

const revisionOf = (...parts: Array<string | Uint8Array>) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex").slice(0, 16);
};

const sizeOf = (item: BundleItem) =>
  item.type === "chunk" ? Buffer.byteLength(item.code) : Buffer.byteLength(item.source);

/**
 * Every hashed file of the app under assets/: the entry, every lazily loaded screen and what it
 * imports, their CSS. Not the runners' worker scripts (kept with their runtimes), source maps, nor
 * the online-only screens' own chunks (learnerChunks).
 */
export function appFiles(bundle: Record<string, BundleItem>): BundleItem[] {
  const learner = learnerChunks(bundle);
  return Object.values(bundle)
    .filter(
      (item) =>
        item.fileName.startsWith("assets/") &&
        !WORKER_SCRIPT.test(item.fileName) &&
        !item.fileName.endsWith(".map") &&
        (item.type !== "chunk" || learner === null || learner.has(item.fileName)),
    )
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
}

/** The precached files' total size, and an error naming the largest when it is over budget. */
export function precacheBudget(
  files: readonly BundleItem[],
  budget = PRECACHE_BUDGET_BYTES,
): { bytes: number; error?: string } {
  const bytes = files.reduce((sum, item) => sum + sizeOf(item), 0);
  if (bytes <= budget) return { bytes };
  const largest = [...files]
    .sort((a, b) => sizeOf(b) - sizeOf(a))
    .slice(0, 5)
    .map((item) => `${item.fileName} (${Math.round(sizeOf(item) / 1024)} KB)`)
    .join(", ");
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  return {
    bytes,
    error:
      `The service worker's precache is ${mb(bytes)} MB, over its ${mb(budget)} MB budget ` +
      `(vite-plugin-sw.ts, ADR 0012). Largest: ${largest}. Load big code in a worker or only ` +
      "where it is used, or raise the budget in an ADR.",
  };
}

export function serviceWorkerManifest(
  bundle: Record<string, BundleItem>,
  publicFiles: Record<string, string | Uint8Array>,
): ServiceWorkerManifest {
  const html = bundle["index.html"];
  if (html?.type !== "asset") throw new Error("The web build has no index.html.");
  const runtimeFiles = Object.values(bundle)
    .filter((item) => item.type === "asset" && item.fileName.startsWith("runtimes/"))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  const workerScripts = Object.keys(bundle)
    .filter((name) => WORKER_SCRIPT.test(name))
    .sort();
  const runtimeGroups: ServiceWorkerManifest["runtimeGroups"] = {};
  for (const [group, { workers, folders }] of Object.entries(RUNNER_FILES)) {
    const files = [
      ...workerScripts.filter((name) => workers.includes(WORKER_SCRIPT.exec(name)?.[1] ?? "")),
      ...runtimeFiles
        .filter((item) => folders.some((folder) => item.fileName.startsWith(folder)))
        .map((item) => item.fileName),
    ];
    if (files.length > 0) runtimeGroups[group as RuntimeGroup] = files.map((f) => `/${f}`);
  }
  return {
    precache: [
      // The server answers every screen with this page; its revision changes with the entry's.
      { url: "/", revision: revisionOf(html.source) },
      ...Object.entries(publicFiles).map(([name, content]) => ({
        url: `/${name}`,
        revision: revisionOf(content),
      })),
      // Hashed names: the URL is the revision.
      ...appFiles(bundle).map((item) => ({ url: `/${item.fileName}`, revision: null })),
    ],
    runtimeVersion: revisionOf(
      ...runtimeFiles.flatMap((item) =>
        item.type === "asset" ? [item.fileName, item.source] : [],
      ),
    ),
    runtimeGroups,
  };
}

async function bundleServiceWorker(config: ResolvedConfig, manifest: ServiceWorkerManifest) {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    publicDir: false,
    logLevel: "warn",
    define: {
      // Workbox's modules keep their development logging behind this check.
      "process.env.NODE_ENV": JSON.stringify("production"),
      __LUMEN_SW_MANIFEST__: JSON.stringify(manifest),
    },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      emptyOutDir: false,
      rolldownOptions: {
        input: SW_SOURCE,
        // A classic script: module service workers are not in every browser we support.
        output: { format: "iife", entryFileNames: SW_FILE },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!("output" in result)) continue;
    const chunk = result.output.find((item) => item.fileName === SW_FILE);
    if (chunk?.type === "chunk") return chunk.code;
  }
  throw new Error("The service worker build produced no sw.js.");
}

export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "lumen-service-worker",
    apply: "build",
    // After Vite has emitted index.html and the runtimes plugin its files.
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const publicFiles = Object.fromEntries(
        SHELL_PUBLIC_FILES.map((name) => [name, readFileSync(path.join(config.publicDir, name))]),
      );
      const budget = precacheBudget(appFiles(bundle));
      if (budget.error) this.error(budget.error);
      const manifest = serviceWorkerManifest(bundle, publicFiles);
      this.emitFile({
        type: "asset",
        fileName: SW_FILE,
        source: await bundleServiceWorker(config, manifest),
      });
    },
  };
}
