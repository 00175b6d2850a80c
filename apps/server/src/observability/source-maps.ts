/**
 * Maps a browser stack back to our sources with the web build's source maps, which the build moves
 * out of the served folder (scripts/build.mjs; ADR 0041): `<dist>-sourcemaps/assets/x.js.map`.
 * Only frames of our own hashed assets are looked up; a handful of parsed maps are kept.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { originalPositionFor, sourceContentFor, TraceMap } from "@jridgewell/trace-mapping";
import type { StackFrame } from "@lumen/contracts";

const ASSET_PATH = /^\/assets\/[\w.-]+\.js$/;
const CACHED_MAPS = 16;
const CONTEXT_LINES = 3;

/** Where the build puts the maps of WEB_DIST_DIR (or SOURCE_MAPS_DIR when set). */
export function sourceMapsDirFor(webDistDir: string, configured?: string): string {
  if (configured) return path.resolve(configured);
  const dist = path.resolve(webDistDir);
  return path.join(path.dirname(dist), `${path.basename(dist)}-sourcemaps`);
}

/** `../../src/x.tsx` or an absolute path → `src/x.tsx` (apps/web relative), `node_modules/…`. */
function tidySource(source: string): string {
  const modules = source.lastIndexOf("node_modules/");
  if (modules !== -1) return source.slice(modules);
  const web = source.indexOf("apps/web/");
  if (web !== -1) return source.slice(web + "apps/web/".length);
  return source.replace(/^(\.\.\/)+/, "").replace(/^\/+/, "");
}

export class SourceMaps {
  private readonly maps = new Map<string, Promise<TraceMap | null>>();

  constructor(private readonly dir: string | undefined) {}

  private load(assetPath: string): Promise<TraceMap | null> {
    let found = this.maps.get(assetPath);
    if (!found) {
      const dir = this.dir;
      found = dir
        ? readFile(path.join(dir, `${assetPath}.map`), "utf8")
            .then((json) => new TraceMap(json))
            .catch(() => null)
        : Promise.resolve(null);
      if (this.maps.size >= CACHED_MAPS) {
        const oldest = this.maps.keys().next().value;
        if (oldest !== undefined) this.maps.delete(oldest);
      }
      this.maps.set(assetPath, found);
    }
    return found;
  }

  /**
   * A stack (innermost call first) in our sources. A map knows the name at a position, not the
   * enclosing function's: a frame's function is the name its caller called it by, as Sentry does.
   */
  async mapFrames(frames: StackFrame[]): Promise<StackFrame[]> {
    const mapped = await Promise.all(frames.map((frame) => this.map(frame)));
    return mapped.map(({ callee: _callee, ...frame }, i) => {
      const caller = mapped[i + 1];
      return frame.mapped && caller?.callee ? { ...frame, function: caller.callee } : frame;
    });
  }

  /** The frame in our sources, with a few lines around it; the frame itself when unknown. */
  async map(frame: StackFrame): Promise<StackFrame & { callee?: string | null }> {
    if (!frame.file || frame.line === null || frame.column === null) return frame;
    let assetPath: string;
    try {
      assetPath = new URL(frame.file, "http://x").pathname;
    } catch {
      return frame;
    }
    if (!ASSET_PATH.test(assetPath)) return frame;
    const map = await this.load(assetPath);
    if (!map) return frame;
    // Sentry's columns are 1-based; the maps' are 0-based.
    const original = originalPositionFor(map, {
      line: frame.line,
      column: Math.max(0, frame.column - 1),
    });
    if (!original.source || original.line === null) return frame;
    const file = tidySource(original.source);
    const content = sourceContentFor(map, original.source);
    const context: [number, string][] = [];
    if (content) {
      const lines = content.split("\n");
      const from = Math.max(1, original.line - CONTEXT_LINES);
      const to = Math.min(lines.length, original.line + CONTEXT_LINES);
      for (let n = from; n <= to; n++) context.push([n, (lines[n - 1] ?? "").slice(0, 300)]);
    }
    return {
      // The enclosing function's name is unknown to a map; mapFrames names it from the caller.
      function: frame.function,
      callee: original.name ?? null,
      file,
      line: original.line,
      column: original.column === null ? null : original.column + 1,
      inApp: !file.startsWith("node_modules/"),
      mapped: true,
      context,
    };
  }
}

const perApp = new WeakMap<object, SourceMaps>();

/** The app's one SourceMaps (maps parsed once per app, not per request). */
export function sourceMapsFor(deps: {
  webDistDir?: string;
  env: { SOURCE_MAPS_DIR?: string };
}): SourceMaps {
  let maps = perApp.get(deps);
  if (!maps) {
    const dir =
      deps.env.SOURCE_MAPS_DIR || deps.webDistDir
        ? sourceMapsDirFor(deps.webDistDir ?? "", deps.env.SOURCE_MAPS_DIR)
        : undefined;
    maps = new SourceMaps(dir);
    perApp.set(deps, maps);
  }
  return maps;
}
