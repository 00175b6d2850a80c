/**
 * Static files the browser Python runner needs, served from our own origin at
 * /runtimes/pyodide/<version>/: Pyodide's runtime, its WebAssembly, the standard library and the
 * memory snapshot made at build time (the interpreter already started, harness loaded).
 * The version in the path lets the server mark them immutable (a new Pyodide is a new path, a new
 * harness a new snapshot name), so a returning learner's browser starts Python from its cache
 * without asking the server.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { RuntimeAsset } from "../asset-types.ts";
import { makePythonSnapshot } from "./make-snapshot.ts";
import { pyodideDirectory, pyodideSnapshotFile } from "./pyodide-path.ts";

const require = createRequire(import.meta.url);
const manifest = require.resolve("pyodide/package.json");
const { version } = require(manifest) as { version: string };

/** Where the files sit under /runtimes/; the worker computes the same from Pyodide's version. */
export const PYODIDE_BASE = pyodideDirectory(version);

// Made once per process: the dev server asks on every request, and a snapshot takes seconds.
let snapshot: Promise<Uint8Array> | undefined;

export const assets: RuntimeAsset[] = [
  ...["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map(
    (file) => ({ path: PYODIDE_BASE + file, source: path.join(path.dirname(manifest), file) }),
  ),
  {
    path: PYODIDE_BASE + pyodideSnapshotFile(version),
    generate: () => {
      snapshot ??= makePythonSnapshot().catch((error: unknown) => {
        snapshot = undefined;
        throw error;
      });
      return snapshot;
    },
  },
];
