/**
 * The reply stream's wire format (issue 16, packages/contracts/src/ai.ts): Server-Sent Events,
 * one `data: <json>` event per chunk. The reply runs as a task of its own that writes chunks as
 * they come; the response only carries them. When the learner stops (the fetch is aborted and
 * the body cancelled), `signal` aborts and the task still finishes: it stores what was shown.
 */
import type { AiStreamChunk } from "@lumen/contracts";

export type Emit = (chunk: AiStreamChunk) => void;

export function encodeChunk(chunk: AiStreamChunk): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * Starts `run` and answers its chunks as an event stream. `task` is the run's promise, for the
 * caller to track until it settles.
 */
export function sseResponse(run: (emit: Emit, signal: AbortSignal) => Promise<void>): {
  response: Response;
  task: Promise<void>;
} {
  const stop = new AbortController();
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
      stop.abort(new DOMException("The learner stopped the reply.", "AbortError"));
    },
  });
  const emit: Emit = (chunk) => {
    if (open) controller?.enqueue(encoder.encode(encodeChunk(chunk)));
  };
  const task = run(emit, stop.signal).finally(() => {
    if (open) {
      open = false;
      controller?.close();
    }
  });
  const response = new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // Proxies (nginx) must pass each event on at once.
      "x-accel-buffering": "no",
    },
  });
  return { response, task };
}
