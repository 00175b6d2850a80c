/**
 * Where each runtime's static files are served from, for build tools outside this package (the
 * web app's service-worker plugin precaches them). Export `@lumen/runners/assets`.
 */
export { PYODIDE_BASE } from "./python/assets.ts";
export { SQL_BASE } from "./sql/assets.ts";
export { TYPESCRIPT_BASE } from "./typescript/paths.ts";
