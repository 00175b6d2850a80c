/**
 * Content-Security-Policy for the runtimes' own files. Learner code runs in Web Workers (no DOM,
 * no cookies) and in a sandboxed frame with an opaque origin; those documents need eval, and the
 * frame must not reach the network. Everything else keeps the app's strict policy.
 * Returns undefined for paths that keep the app's policy.
 */

/**
 * The page sandbox document: learner pages have inline scripts and styles, and nothing of the
 * page may reach the network, not even our own origin: the frame's script and React are inlined
 * into the document (see packages/runners/src/dom/assets.ts), and lesson pictures come from
 * data: or blob: URLs. An image request to any host would leak what the learner's page does.
 */
const PAGE_FRAME_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval' blob:",
  "style-src 'unsafe-inline' blob: data:",
  "img-src data: blob:",
  "font-src data:",
  "media-src data: blob:",
  "connect-src 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-scripts allow-forms",
].join("; ");

/**
 * The JavaScript sandbox worker: learner code on our origin, so no network at all (it would carry
 * the learner's cookies to our API). Vite names the chunk after js-sandbox.worker.ts.
 */
const JS_WORKER_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval'",
  "connect-src 'none'",
  "worker-src 'none'",
].join("; ");

/**
 * A learner's profile photo (routes/photos.ts): an image and nothing else. Opened as a document,
 * it may run nothing, load nothing and be framed by nobody, whatever bytes it holds.
 */
const PHOTO_POLICY = "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'";

export function runtimeCspFor(path: string): string | undefined {
  if (path.startsWith("/v1/photos/")) return PHOTO_POLICY;
  if (path === "/runtimes/page/frame.html" || path === "/runtimes/page/react-frame.html") {
    return PAGE_FRAME_POLICY;
  }
  if (path.startsWith("/assets/worker-js-sandbox")) return JS_WORKER_POLICY;
  if (path.startsWith("/assets/worker-") || path.startsWith("/runtimes/")) {
    return [
      "default-src 'self'",
      "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
    ].join("; ");
  }
  return undefined;
}
