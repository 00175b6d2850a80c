/**
 * What a device sends and how it merges (issue 17): the changes between the last agreed files and
 * the learner's, and, when the server moved on meanwhile, a three-way merge that never drops text:
 * a file changed on both sides keeps the learner's text under its name and the other version
 * beside it as "name.other-device.ext".
 */
import type { ProjectFile } from "@lumen/contracts";

export interface ProjectChanges {
  upserts: ProjectFile[];
  deletes: string[];
}

const byPath = (files: readonly ProjectFile[]) => new Map(files.map((f) => [f.path, f.content]));

export function projectChanges(
  base: readonly ProjectFile[],
  files: readonly ProjectFile[],
): ProjectChanges {
  const before = byPath(base);
  const now = byPath(files);
  return {
    upserts: files.filter((f) => before.get(f.path) !== f.content),
    deletes: base.filter((f) => !now.has(f.path)).map((f) => f.path),
  };
}

export const hasChanges = (changes: ProjectChanges) =>
  changes.upserts.length > 0 || changes.deletes.length > 0;

/** Where the other side's version of PATH goes when both changed it. */
export function otherDevicePath(path: string, taken: ReadonlySet<string>): string {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  const cut = dot > slash + 1 ? dot : path.length;
  let candidate = `${path.slice(0, cut)}.other-device${path.slice(cut)}`;
  for (let n = 2; taken.has(candidate); n++) {
    candidate = `${path.slice(0, cut)}.other-device-${n}${path.slice(cut)}`;
  }
  return candidate;
}

export interface MergeOutcome {
  files: ProjectFile[];
  /** Paths whose other version was kept beside the learner's. */
  keptBoth: string[];
}

export function mergeProjectFiles(
  base: readonly ProjectFile[],
  mine: readonly ProjectFile[],
  theirs: readonly ProjectFile[],
): MergeOutcome {
  const b = byPath(base);
  const m = byPath(mine);
  const t = byPath(theirs);
  const out = new Map<string, string>();
  const keptBoth: string[] = [];
  const paths = [...new Set([...m.keys(), ...t.keys(), ...b.keys()])].sort();
  for (const path of paths) {
    const was = b.get(path);
    const my = m.get(path);
    const their = t.get(path);
    if (my === their) {
      if (my !== undefined) out.set(path, my);
    } else if (my === was) {
      // Only the other side changed it (or deleted it).
      if (their !== undefined) out.set(path, their);
    } else if (their === was) {
      if (my !== undefined) out.set(path, my);
    } else if (my === undefined) {
      // Deleted here, changed there: their text comes back.
      out.set(path, their!);
    } else if (their === undefined) {
      out.set(path, my);
    } else {
      out.set(path, my);
      keptBoth.push(path);
    }
  }
  for (const path of keptBoth) {
    out.set(otherDevicePath(path, new Set(out.keys())), t.get(path)!);
  }
  return {
    files: [...out].map(([path, content]) => ({ path, content })),
    keptBoth,
  };
}
