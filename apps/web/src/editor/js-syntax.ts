/**
 * Asks the JavaScript syntax worker (js-syntax.worker.ts) whether a file parses: the engine's
 * message, null when it parses, undefined when there was no answer in time. One worker serves the
 * page; one that hangs or fails is replaced on the next question.
 */
import { z } from "zod";

const ANSWER_MS = 3_000;
const answerSchema = z.object({ id: z.number(), message: z.string().nullable() });

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (message: string | null | undefined) => void>();

function start(): Worker {
  const created = new Worker(new URL("./js-syntax.worker.ts", import.meta.url), {
    type: "module",
  });
  created.addEventListener("message", (event: MessageEvent) => {
    const answer = answerSchema.safeParse(event.data);
    if (answer.success) pending.get(answer.data.id)?.(answer.data.message);
  });
  created.addEventListener("error", (event) => {
    event.preventDefault();
    stop(created);
  });
  return created;
}

function stop(target: Worker): void {
  target.terminate();
  if (worker === target) worker = undefined;
  for (const [, settle] of pending) settle(undefined);
}

export function javascriptSyntaxError(source: string): Promise<string | null | undefined> {
  worker ??= start();
  const target = worker;
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => stop(target), ANSWER_MS);
    pending.set(id, (message) => {
      clearTimeout(timer);
      pending.delete(id);
      resolve(message);
    });
    target.postMessage({ id, source });
  });
}
