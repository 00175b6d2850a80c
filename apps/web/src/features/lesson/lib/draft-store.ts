/**
 * Drafts of a learner's lesson files on this device, written on every keystroke so that a reload,
 * a crashed tab or a lost connection never loses work. One record per owner (the signed-in user's
 * id, or "anonymous") and lesson. IndexedDB, because it does not block the page while writing and
 * has room for many lessons' files. A guest's ("anonymous") drafts become the first account's
 * that signs in on this browser (guest-drafts.ts); another account's are never touched.
 */
import type { SavedFile } from "../api/saved-files-client.ts";

export const ANONYMOUS_OWNER = "anonymous";

export interface Draft {
  owner: string;
  lessonId: number;
  files: SavedFile[];
  /** When the learner last changed these files, on their clock (ms since the epoch). */
  updatedAt: number;
  /** True once the server confirmed this exact content; false while a change waits to be sent. */
  synced: boolean;
}

export interface DraftStore {
  get(owner: string, lessonId: number): Promise<Draft | undefined>;
  put(draft: Draft): Promise<void>;
  remove(owner: string, lessonIds: number[]): Promise<void>;
}

export function memoryDraftStore(): DraftStore {
  const drafts = new Map<string, Draft>();
  const key = (owner: string, lessonId: number) => `${owner}:${lessonId}`;
  return {
    async get(owner, lessonId) {
      const draft = drafts.get(key(owner, lessonId));
      return draft && structuredClone(draft);
    },
    async put(draft) {
      drafts.set(key(draft.owner, draft.lessonId), structuredClone(draft));
    },
    async remove(owner, lessonIds) {
      for (const id of lessonIds) drafts.delete(key(owner, id));
    },
  };
}

const DB_NAME = "lumen-drafts";
const STORE = "drafts";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = () => {
    if (!db) {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(STORE, { keyPath: ["owner", "lessonId"] });
      };
      db = request(req);
      db.catch(() => {
        db = undefined;
      });
    }
    return db;
  };
  const write = async (work: (store: IDBObjectStore) => void) => {
    const transaction = (await open()).transaction(STORE, "readwrite");
    work(transaction.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  };
  return {
    async get(owner, lessonId) {
      const store = (await open()).transaction(STORE, "readonly").objectStore(STORE);
      return (await request(store.get([owner, lessonId]))) as Draft | undefined;
    },
    put: (draft) => write((store) => store.put(draft)),
    remove: (owner, lessonIds) =>
      write((store) => {
        for (const id of lessonIds) store.delete([owner, id]);
      }),
  };
}

let browserStore: DraftStore | undefined;
/** This browser's drafts; in memory where IndexedDB is missing (some private modes). */
export function draftStore(): DraftStore {
  browserStore ??= typeof indexedDB === "undefined" ? memoryDraftStore() : indexedDbDraftStore();
  return browserStore;
}
