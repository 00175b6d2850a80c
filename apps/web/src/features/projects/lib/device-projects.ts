/**
 * A project's copy on this device (IndexedDB, as lesson drafts are): written on every keystroke so
 * that a reload, a crash or a lost connection never loses text, and read when the server cannot be
 * reached, so a project opened once works offline. `base` is the server's files at `baseRevision`,
 * the last version both sides agreed on; `files` is the learner's current text.
 */
import type { Project, ProjectFile } from "@lumen/contracts";

export interface DeviceProject {
  owner: string;
  id: string;
  name: string;
  template: Project["template"];
  entry: string;
  baseRevision: number;
  base: ProjectFile[];
  files: ProjectFile[];
  /** When the learner last changed the files here (ms since the epoch). */
  updatedAt: number;
}

export interface DeviceProjectStore {
  get(owner: string, id: string): Promise<DeviceProject | undefined>;
  /** The owner's projects kept on this device, most recently changed first. */
  list(owner: string): Promise<DeviceProject[]>;
  put(project: DeviceProject): Promise<void>;
  remove(owner: string, id: string): Promise<void>;
}

export function memoryDeviceProjects(): DeviceProjectStore {
  const kept = new Map<string, DeviceProject>();
  return {
    async get(owner, id) {
      const found = kept.get(`${owner}:${id}`);
      return found && structuredClone(found);
    },
    async list(owner) {
      return newestFirst(
        [...kept.values()].filter((p) => p.owner === owner).map((p) => structuredClone(p)),
      );
    },
    async put(project) {
      kept.set(`${project.owner}:${project.id}`, structuredClone(project));
    },
    async remove(owner, id) {
      kept.delete(`${owner}:${id}`);
    },
  };
}

const newestFirst = (projects: DeviceProject[]) =>
  projects.sort((a, b) => b.updatedAt - a.updatedAt);

const DB_NAME = "lumen-projects";
const STORE = "projects";

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbDeviceProjects(factory: IDBFactory = indexedDB): DeviceProjectStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = () => {
    if (!db) {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: ["owner", "id"] });
      db = done(req);
    }
    return db;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    async get(owner, id) {
      return (await done((await store("readonly")).get([owner, id]))) as DeviceProject | undefined;
    },
    async list(owner) {
      // Keys are [owner, id]: every id of one owner lies between [owner] and [owner, []].
      const range = IDBKeyRange.bound([owner], [owner, []]);
      return newestFirst((await done((await store("readonly")).getAll(range))) as DeviceProject[]);
    },
    async put(project) {
      await done((await store("readwrite")).put(project));
    },
    async remove(owner, id) {
      await done((await store("readwrite")).delete([owner, id]));
    },
  };
}

let shared: DeviceProjectStore | undefined;
/** This browser's store; in memory where IndexedDB is missing. */
export function deviceProjects(): DeviceProjectStore {
  shared ??= typeof indexedDB === "undefined" ? memoryDeviceProjects() : indexedDbDeviceProjects();
  return shared;
}
