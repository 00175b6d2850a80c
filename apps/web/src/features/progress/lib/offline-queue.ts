/**
 * The offline progress queue (issue 7): lesson completions made without a connection, or by a
 * guest without an account (issue 13), wait here with their local timestamps until they are sent
 * with POST /v1/progress/sync (hooks/use-auto-sync.ts, or /web/syncProgress).
 *
 * The queue logic is written against a tiny store interface so it is unit-tested with the memory
 * store; the browser uses IndexedDB, which outlives a closed tab (local storage would too, but
 * IndexedDB does not block the page and holds learners' files without the 5 MB ceiling).
 */

/** One queued completion: the sync endpoint's event body, plus whose and when it was queued. */
export interface QueuedCompletion {
  clientEventId: string;
  lessonId: number;
  trackId: number;
  tutorialId: number;
  chapterId: number;
  trackVersion: number;
  files?: { name: string; content: string }[];
  answer?: string;
  /** When the learner finished the lesson, on their clock (ISO). */
  completedAt: string;
  timeZone: string;
  /** The signed-in user's id when queued, so another account on this browser never sends it. */
  ownerId: string | null;
}

export interface QueueStore {
  put(item: QueuedCompletion): Promise<void>;
  all(): Promise<QueuedCompletion[]>;
  remove(clientEventIds: string[]): Promise<void>;
}

/** The sync endpoint takes at most this many events a call (issue 7's contract). */
export const SYNC_BATCH_SIZE = 200;

export function memoryQueueStore(): QueueStore {
  const items = new Map<string, QueuedCompletion>();
  return {
    async put(item) {
      items.set(item.clientEventId, item);
    },
    async all() {
      return [...items.values()];
    },
    async remove(ids) {
      for (const id of ids) items.delete(id);
    },
  };
}

const DB_NAME = "lumen-progress";
const STORE = "completions";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(STORE, { keyPath: "clientEventId" });
  };
  return request(open);
}

export function indexedDbQueueStore(factory: IDBFactory = indexedDB): QueueStore {
  let db: Promise<IDBDatabase> | undefined;
  const tx = async (mode: IDBTransactionMode) => {
    db ??= openDatabase(factory);
    const transaction = (await db).transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return { store: transaction.objectStore(STORE), done };
  };
  return {
    async put(item) {
      const { store, done } = await tx("readwrite");
      store.put(item);
      await done;
    },
    async all() {
      const { store } = await tx("readonly");
      return request(store.getAll() as IDBRequest<QueuedCompletion[]>);
    },
    async remove(ids) {
      const { store, done } = await tx("readwrite");
      for (const id of ids) store.delete(id);
      await done;
    },
  };
}

let browserStore: QueueStore | undefined;
/** The queue this browser uses; the memory store where IndexedDB is missing (old private modes). */
export function progressQueueStore(): QueueStore {
  browserStore ??= typeof indexedDB === "undefined" ? memoryQueueStore() : indexedDbQueueStore();
  return browserStore;
}

/**
 * Whether a queued event goes to this learner: their own, and a guest's (made signed out on this
 * browser), which goes to the first account that signs in here. A guest (null) sees only guest
 * events; another account's events never go anywhere but to that account.
 */
export function belongsTo(item: Pick<QueuedCompletion, "ownerId">, ownerId: string | null) {
  return item.ownerId === null || item.ownerId === ownerId;
}

/** The queued events that belong to this user, oldest first: the order the learner made them. */
export async function pendingFor(store: QueueStore, ownerId: string | null) {
  const items = await store.all();
  return items
    .filter((item) => belongsTo(item, ownerId))
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt));
}

/** The lessons a learner finished that wait in the queue (theirs and a guest's). */
export async function queuedLessonIds(
  store: QueueStore,
  ownerId: string | null,
): Promise<Set<number>> {
  return new Set((await pendingFor(store, ownerId)).map((item) => item.lessonId));
}

/** Forgets a guest's queued completions of these lessons (the tutor's clearProgress). */
export async function forgetGuestLessons(store: QueueStore, lessonIds: number[]): Promise<void> {
  const ids = new Set(lessonIds);
  const gone = (await store.all()).filter(
    (item) => item.ownerId === null && ids.has(item.lessonId),
  );
  if (gone.length === 0) return;
  await store.remove(gone.map((item) => item.clientEventId));
  notifyQueueChange();
}

/** Splits events into the sync endpoint's batches. */
export function batches<T>(items: T[], size = SYNC_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What goes over the wire: the queue's bookkeeping (ownerId) stays on the device. */
export function toSyncEvent({ ownerId: _owner, ...event }: QueuedCompletion) {
  return event;
}

/** Listeners hear when the queue changes, so the header and sync screen update at once. */
const listeners = new Set<() => void>();
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function notifyQueueChange(): void {
  for (const listener of listeners) listener();
}
