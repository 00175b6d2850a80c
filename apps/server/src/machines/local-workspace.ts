/**
 * A local machine's folder on this host (local-driver.ts): who may pass through it, who owns its
 * workspace, how much disk the workspace takes, and the writes into it that never leave it.
 */
import {
  chmodSync,
  chownSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { FileWrite } from "./machine-driver.ts";

const FIRST_MACHINE_UID = 200_000;

/** A uid from the machine's id: distinct machines get distinct users (files, process counts). */
export function machineUid(id: string): number {
  return FIRST_MACHINE_UID + (Number.parseInt(id.replace(/-/g, "").slice(0, 7), 16) % 1_000_000);
}

export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/**
 * Machines run as users of their own: they may pass through the root to their own folder, and list
 * nothing on the way (each folder's content is its machine's alone). Throws naming the folder
 * above the root that a machine's user cannot pass through.
 */
export function openMachinesRoot(root: string): void {
  chmodSync(root, 0o711);
  for (let dir = path.dirname(path.resolve(root)); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `machines cannot reach their folders: ${dir} is closed to other users (chmod o+x ${dir}, or set MACHINES_DIR elsewhere)`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

/** Gives the workspace (but not the packages mounted into it) and the socket folder to `uid`. */
export function ownWorkspace(machineDir: string, uid: number): void {
  const walk = (dir: string) => {
    chownSync(dir, uid, uid);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.isSymbolicLink()) chownSync(full, uid, uid);
    }
  };
  walk(path.join(machineDir, "app"));
  chownSync(path.join(machineDir, "run"), uid, uid);
}

/** Bytes of the workspace's files, without the packages; 0 for a workspace that is gone. */
export function workspaceBytes(machineDir: string): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) total += statSync(full).size;
    }
  };
  try {
    walk(path.join(machineDir, "app"));
  } catch {}
  return total;
}

/**
 * Writes (or, with `content: null`, deletes) files in the workspace `root`. A path that leaves the
 * workspace or reaches into its packages is refused before anything is written. With `uid`, the
 * new folders and files belong to the machine's user.
 */
export function writeWorkspaceFiles(root: string, files: FileWrite[], uid: number | null): void {
  for (const file of files) {
    const target = path.resolve(root, file.path);
    if (!isInside(root, target) || isInside(path.join(root, "node_modules"), target)) {
      throw new Error(`Refused path ${file.path}`);
    }
    if (file.content === null) {
      rmSync(target, { force: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    if (uid !== null) {
      for (let dir = path.dirname(target); isInside(root, dir) || dir === root; ) {
        chownSync(dir, uid, uid);
        if (dir === root) break;
        dir = path.dirname(dir);
      }
      chownSync(target, uid, uid);
    }
  }
}
