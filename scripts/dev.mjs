/**
 * `npm run dev`: the API server on :3000 (restarted by tsx on change) and Vite's dev server with
 * hot reload on :5173, which proxies the API paths to :3000. Ctrl+C stops both.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const node = process.execPath;
const children = [
  spawn(
    node,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "apps/server/src/main.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, PORT: process.env.PORT ?? "3000" },
    },
  ),
  spawn(node, [path.join(root, "node_modules/vite/bin/vite.js")], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop("SIGTERM"));
