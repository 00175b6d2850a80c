/** Where the compiler's static files are served, under /runtimes/ (assets.ts makes them). */
export const TYPESCRIPT_BASE = "typescript/";
export const WORKER_PATH = `${TYPESCRIPT_BASE}worker.js`;
export const WORKER_URL = `/runtimes/${WORKER_PATH}`;
