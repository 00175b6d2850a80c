/**
 * Where Pyodide's files live under /runtimes/, shared by the build (which copies them there) and
 * the browser worker (which loads them): one directory per Pyodide version, plus the name of the
 * build's memory snapshot in it.
 */
import { HARNESS_SOURCE } from "./harness-source.ts";

/**
 * Bump when `prepareInterpreter` (engine.ts) changes what it leaves in memory. The snapshot's
 * name carries it and a hash of the harness, because the directory is cached as immutable: a
 * changed snapshot must be a new file, or browsers would keep restoring the old one.
 */
const SNAPSHOT_REVISION = 1;

export function pyodideDirectory(version: string): string {
  return `pyodide/${version}/`;
}

/** cyrb53: a small, stable string hash; enough to tell one harness from the next. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The memory snapshot's file name inside `pyodideDirectory(version)`. */
export function pyodideSnapshotFile(version: string): string {
  return `snapshot-${hash53(`${version}\n${SNAPSHOT_REVISION}\n${HARNESS_SOURCE}`)}.bin`;
}
