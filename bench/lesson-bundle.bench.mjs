/**
 * Initial JavaScript of the lesson screen, in KB gzip, against issue 6's 200 KB budget, next to
 * the shell's own initial JavaScript (the baseline) from the same build. Initial means what runs
 * before the learner can act: the entry chunk with its static imports, plus the lesson route's
 * chunk with its static imports. Language packs, runtimes and workers load later (dynamic
 * imports, /runtimes/) and are left out. Builds the web app first when its sources changed.
 * Run: node bench/lesson-bundle.bench.mjs   (exits 1 when the lesson screen is over budget)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildWeb } from "../scripts/build.mjs";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, "apps/web/dist");
const BUDGET_KB = 200;

const built = buildWeb();
if (built.built) console.log(`(built the web app in ${(built.ms / 1000).toFixed(1)} s)`);

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** Static imports of a built chunk: `import{…}from"./x.js"` and `import"./x.js"`, not import(). */
function staticImports(file) {
  const code = readFileSync(path.join(dist, file), "utf8");
  const found = [];
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) {
    found.push(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return found;
}

function closure(start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  visit(start);
  return seen;
}

function routeChunk(moduleName) {
  const name = readdirSync(path.join(dist, "assets")).find(
    (file) => file.startsWith(`${moduleName}-`) && file.endsWith(".js"),
  );
  if (!name) throw new Error(`No chunk for ${moduleName} in ${dist}/assets: did the build change?`);
  return `assets/${name}`;
}

const html = readFileSync(path.join(dist, "index.html"), "utf8");
const entry = html.match(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/)?.[1];
if (!entry) throw new Error("index.html has no module entry script.");

const shell = closure(entry);
const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);
const routeOnly = (chunk) => new Set([...closure(chunk)].filter((file) => !shell.has(file)));

const shellKb = sum(shell);
const lesson = routeOnly(routeChunk("lesson-screen"));
const home = routeOnly(routeChunk("home"));
const lessonKb = shellKb + sum(lesson);
const homeKb = shellKb + sum(home);

const kb = (n) => `${n.toFixed(1).padStart(7)} KB`;
console.log("initial JavaScript, gzip level 9");
console.log(`baseline: shell (entry + static imports, ${shell.size} files) ${kb(shellKb)}`);
console.log(`home screen (shell + ${home.size} route files)              ${kb(homeKb)}`);
console.log(`lesson screen (shell + ${lesson.size} route files)           ${kb(lessonKb)}`);
console.log(
  `lesson screen vs budget: ${lessonKb.toFixed(1)} / ${BUDGET_KB} KB, ${(lessonKb / shellKb).toFixed(2)}× the shell: ${
    lessonKb <= BUDGET_KB ? "within budget" : "OVER BUDGET"
  }`,
);
const list = (title, files) => {
  console.log(title);
  for (const file of [...files].sort((a, b) => gzipKb(b) - gzipKb(a))) {
    console.log(`  ${kb(gzipKb(file))}  ${file}`);
  }
};
list("lesson route files beyond the shell:", lesson);
list("shell files:", shell);
if (lessonKb > BUDGET_KB) process.exitCode = 1;
