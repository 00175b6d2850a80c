/**
 * The page's side of the TypeScript compiler worker (/runtimes/typescript/worker.js): starts it on
 * the first need (a TypeScript or TSX lesson opening, the editor's lint), sends it the learner's
 * files and parses its diagnostics. One worker per page, kept warm; a check that runs past its
 * limit (a type a learner made endlessly deep) costs the worker, and the next check starts a
 * fresh one.
 */
import type { TypeDiagnostic } from "@lumen/contracts";
import { WORKER_URL } from "./paths.ts";
import { typeCheckReplySchema } from "./reply-schema.ts";

/** Loading the compiler (3.6 MB) and its libs may take this long on a slow connection. */
export const TYPESCRIPT_START_LIMIT_MS = 60_000;
/** One check: a few milliseconds warm; past this the worker is assumed stuck and replaced. */
export const TYPESCRIPT_CHECK_LIMIT_MS = 10_000;

export class TypeCheckUnavailable extends Error {}

interface Live {
  worker: Worker;
  ready: Promise<void>;
  loaded: boolean;
}

interface Pending {
  resolve(diagnostics: TypeDiagnostic[]): void;
  reject(error: Error): void;
}

let live: Live | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function fail(target: Live, error: Error) {
  if (live === target) live = undefined;
  target.worker.terminate();
  for (const [id, waiting] of pending) {
    pending.delete(id);
    waiting.reject(error);
  }
}

function start(): Live {
  if (live) return live;
  const worker = new Worker(WORKER_URL, { name: "typescript" });
  const target: Live = { worker, ready: Promise.resolve(), loaded: false };
  target.ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new TypeCheckUnavailable("TypeScript did not load in time.");
      reject(error);
      fail(target, error);
    }, TYPESCRIPT_START_LIMIT_MS);
    worker.addEventListener("message", (event: MessageEvent) => {
      const reply = typeCheckReplySchema.safeParse(event.data);
      if (!reply.success) return;
      const message = reply.data;
      if (message.type === "ready") {
        clearTimeout(timer);
        target.loaded = true;
        resolve();
        return;
      }
      const id = message.id;
      if (message.type === "failed" && id === undefined) {
        // The worker could not start (a lib file did not arrive).
        clearTimeout(timer);
        const error = new TypeCheckUnavailable(message.message);
        reject(error);
        fail(target, error);
        return;
      }
      if (id === undefined) return;
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      if (message.type === "diagnostics") waiting.resolve(message.diagnostics);
      else waiting.reject(new TypeCheckUnavailable(message.message));
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      clearTimeout(timer);
      const error = new TypeCheckUnavailable(
        event.message || "TypeScript could not be loaded. Check your connection and try again.",
      );
      reject(error);
      fail(target, error);
    });
  });
  target.ready.catch(() => {});
  live = target;
  return target;
}

/** Starts loading the compiler ahead of the first check (a TypeScript or TSX lesson opened). */
export async function preloadTypeScript(): Promise<void> {
  await start().ready;
}

/** Whether this page's compiler worker has loaded (the editor lints only then). */
export function isTypeScriptLoaded(): boolean {
  return live?.loaded === true;
}

/** Every learner file's diagnostics; rejects with TypeCheckUnavailable when nothing could check. */
export async function typeCheck(
  files: { name: string; content: string }[],
  jsx: boolean,
): Promise<TypeDiagnostic[]> {
  const target = start();
  await target.ready;
  const id = nextId++;
  return new Promise<TypeDiagnostic[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      fail(target, new TypeCheckUnavailable("TypeScript took too long to check this code."));
    }, TYPESCRIPT_CHECK_LIMIT_MS);
    pending.set(id, {
      resolve: (diagnostics) => {
        clearTimeout(timer);
        resolve(diagnostics);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    target.worker.postMessage({
      type: "check",
      id,
      files: files.map(({ name, content }) => ({ name, content })),
      jsx,
    });
  });
}
