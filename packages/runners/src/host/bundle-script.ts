/**
 * Node only: bundles a module into one classic script for realms that cannot import modules
 * (QuickJS, happy-dom's window, the page frame's runtime asset), with esbuild, which ships with the
 * toolchain. Shared by the JavaScript runner (the harness, the rejection tracker) and the page
 * runner (the page runtime, React, the frame script).
 */
import { fileURLToPath } from "node:url";
import { build, stop } from "esbuild";

const cache = new Map<string, Promise<string>>();
let building = 0;

/** esbuild answers through a child process: stopped as soon as no bundle is being made. */
function settled() {
  building--;
  if (building === 0) void stop();
}

export function bundleScript(entry: URL, minify = false): Promise<string> {
  const key = `${entry.href}:${minify}`;
  let code = cache.get(key);
  if (!code) {
    building++;
    code = build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2020",
      write: false,
      minify,
      legalComments: "none",
      define: { "process.env.NODE_ENV": '"production"' },
    })
      .then((result) => result.outputFiles[0]!.text)
      .finally(settled);
    cache.set(key, code);
  }
  return code;
}

/**
 * Bundles made once in the thread that starts runner threads and handed to each of them
 * (workerData), so that no runner thread ever starts esbuild: a thread terminated at a time
 * limit could not stop it, and its process would outlive the thread (issue 11 part 5).
 */
export async function prebuildBundles(entries: URL[]): Promise<Record<string, string>> {
  const texts = await Promise.all(entries.map((entry) => bundleScript(entry)));
  return Object.fromEntries(entries.map((entry, i) => [`${entry.href}:false`, texts[i]!]));
}

/** In a runner thread: takes the bundles its parent made, so bundleScript never builds. */
export function adoptBundles(bundles: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(bundles ?? {})) cache.set(key, Promise.resolve(text));
}
