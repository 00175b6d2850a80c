/**
 * Node only: bundles the harness into one classic script for realms that cannot import modules
 * (QuickJS, happy-dom's window, the page frame's runtime asset). esbuild ships with the toolchain.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cache = new Map<string, Promise<string>>();

export function bundleScript(entry: URL, minify = false): Promise<string> {
  const key = `${entry.href}:${minify}`;
  let code = cache.get(key);
  if (!code) {
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
    }).then((result) => result.outputFiles[0]!.text);
    cache.set(key, code);
  }
  return code;
}

export function harnessScript(): Promise<string> {
  return bundleScript(new URL("./harness/entry.ts", import.meta.url));
}
