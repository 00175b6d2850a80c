/**
 * `npm run bench -- <name>`: runs one benchmark of this folder by name (`typescript` runs
 * typescript.bench.ts), or lists them when no name is given. Each prints its figures against a
 * baseline measured in the same run.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const benches = readdirSync(here)
  .filter((file) => /\.bench\.(ts|mjs)$/.test(file))
  .sort();
const name = process.argv[2];
const file = benches.find((b) => b.replace(/\.bench\.(ts|mjs)$/, "") === name);

if (!file) {
  if (name) console.error(`No benchmark named "${name}".`);
  console.log("Benchmarks (npm run bench -- <name>):");
  for (const b of benches) console.log(`  ${b.replace(/\.bench\.(ts|mjs)$/, "")}`);
  process.exit(name ? 1 : 0);
}
const command = file.endsWith(".ts")
  ? [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(here, file)]
  : [path.join(here, file)];
const result = spawnSync(process.execPath, [...command, ...process.argv.slice(3)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
