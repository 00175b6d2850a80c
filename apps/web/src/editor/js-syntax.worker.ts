/**
 * The JavaScript engine's own parse of a learner's file, for the editor's lint when the
 * TypeScript compiler is not loaded (a JavaScript lesson never loads it). The code is compiled
 * into a function that is never called: nothing of it runs, and it runs nowhere near the page.
 */
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  body: string,
) => unknown;

self.addEventListener("message", (event: MessageEvent<{ id?: unknown; source?: unknown }>) => {
  const { id, source } = event.data ?? {};
  if (typeof id !== "number" || typeof source !== "string") return;
  let message: string | null = null;
  try {
    // An async body allows top-level await, as a module does; modules are strict.
    new AsyncFunction(`"use strict";${source}`);
  } catch (error) {
    message = error instanceof SyntaxError ? error.message : null;
  }
  self.postMessage({ id, message });
});
