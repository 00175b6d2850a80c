/**
 * Content-Security-Policy for the runtimes' own files. Learner code runs in Web Workers (no DOM,
 * no cookies) and in a sandboxed frame with an opaque origin; those documents need eval, and the
 * frame must not reach the network. Everything else keeps the app's strict policy.
 * Returns undefined for paths that keep the app's policy.
 */
export function runtimeCspFor(path: string): string | undefined {
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
