/**
 * The file tree of a project, from its flat paths (a folder is a path prefix), and the edits the
 * tree makes: add, rename and delete files and folders, checked with core's project rules first so
 * the learner hears why before anything is sent.
 */
import type { ProjectFile } from "@lumen/contracts";
import { projectFilesProblem } from "@lumen/core";

export interface TreeRow {
  kind: "file" | "folder";
  /** The file's path, or the folder's prefix without the trailing "/". */
  path: string;
  name: string;
  depth: number;
}

/** Folders first at each level, then files, alphabetically; `extraFolders` are empty ones. */
export function treeRows(
  files: readonly ProjectFile[],
  extraFolders: readonly string[] = [],
): TreeRow[] {
  const folders = new Set<string>();
  const add = (folder: string) => {
    const parts = folder.split("/");
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  };
  for (const f of files) {
    const cut = f.path.lastIndexOf("/");
    if (cut > 0) add(f.path.slice(0, cut));
  }
  for (const folder of extraFolders) add(folder);
  const rows: TreeRow[] = [];
  const walk = (prefix: string, depth: number) => {
    const inside = (p: string) => (prefix ? p.startsWith(`${prefix}/`) : true);
    const direct = (p: string) => !p.slice(prefix ? prefix.length + 1 : 0).includes("/");
    for (const folder of [...folders].filter((p) => inside(p) && direct(p)).sort()) {
      rows.push({ kind: "folder", path: folder, name: folder.split("/").pop()!, depth });
      walk(folder, depth + 1);
    }
    for (const file of files
      .filter((f) => inside(f.path) && direct(f.path))
      .map((f) => f.path)
      .sort()) {
      rows.push({ kind: "file", path: file, name: file.split("/").pop()!, depth });
    }
  };
  walk("", 0);
  return rows;
}

export type TreeEdit = { files: ProjectFile[] } | { error: string };

function checked(files: ProjectFile[]): TreeEdit {
  const problem = projectFilesProblem(files);
  return problem ? { error: problem.message } : { files };
}

export function addFile(files: readonly ProjectFile[], path: string): TreeEdit {
  const clean = path.trim();
  if (files.some((f) => f.path.toLowerCase() === clean.toLowerCase())) {
    return { error: `There is already a file called ${clean}.` };
  }
  return checked([...files, { path: clean, content: "" }]);
}

/** Renames a file, or a folder (every file under it). */
export function renamePath(
  files: readonly ProjectFile[],
  from: string,
  to: string,
  kind: "file" | "folder",
): TreeEdit {
  const target = to.trim();
  if (target === from) return { files: [...files] };
  const moved = files.map((f) => {
    if (kind === "file") return f.path === from ? { ...f, path: target } : f;
    return f.path.startsWith(`${from}/`)
      ? { ...f, path: `${target}${f.path.slice(from.length)}` }
      : f;
  });
  return checked(moved);
}

export function deletePath(
  files: readonly ProjectFile[],
  path: string,
  kind: "file" | "folder",
): ProjectFile[] {
  return files.filter((f) => (kind === "file" ? f.path !== path : !f.path.startsWith(`${path}/`)));
}
