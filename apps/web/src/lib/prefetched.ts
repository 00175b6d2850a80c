/**
 * Answers the server put in the page it served (`<script id="lumen-prefetch">`, see
 * apps/server/src/http/web-page.ts): the catalog answers a lesson screen asks for first. Each is
 * taken once, by the first GET of its exact path, so later reads go to the network as usual.
 * At boot, lib/queries.ts takes those it knows into the query cache (ADR 0025).
 */
type Listener = (path: string) => void;

let entries: Map<string, unknown> | undefined;
const taken: string[] = [];
const listeners = new Set<Listener>();

function load(): Map<string, unknown> {
  if (entries) return entries;
  entries = new Map();
  const text = typeof document === "undefined" ? null : document.getElementById("lumen-prefetch");
  if (text?.textContent) {
    try {
      const parsed: unknown = JSON.parse(text.textContent);
      if (parsed && typeof parsed === "object") {
        for (const [path, body] of Object.entries(parsed)) entries.set(path, body);
      }
    } catch {
      // A page with a broken payload fetches as if it had none.
    }
  }
  return entries;
}

/** The paths the page carries answers for that nobody has taken yet. */
export function prefetchedPaths(): string[] {
  return [...load().keys()];
}

/** The server's answer for this path, once, as parsed JSON; undefined when it sent none. */
export function takePrefetchedJson(path: string): unknown {
  const all = load();
  if (!all.has(path)) return undefined;
  const body = all.get(path);
  all.delete(path);
  taken.push(path);
  for (const listener of listeners) listener(path);
  return body;
}

/** The same, as a Response, for apiFetch. */
export function takePrefetched(path: string): Response | undefined {
  const body = takePrefetchedJson(path);
  if (body === undefined) return undefined;
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * The server's answer for this path checked against its schema, for a query's initialData: the
 * screen's first render then has its data, instead of a loading state and a second render.
 */
export function takePrefetchedAs<T>(
  path: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T | undefined {
  const body = takePrefetchedJson(path);
  if (body === undefined) return undefined;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The paths taken so far, then each one as it is taken. The service worker registration uses it:
 * answers that never went through fetch must still be cached for offline use.
 */
export function watchTakenPrefetches(listener: Listener): () => void {
  for (const path of taken) listener(path);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
