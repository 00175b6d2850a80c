/**
 * The seams of the monorepo, checked on every `npm test` (issue 12): an app never imports
 * another app, a package never imports an app, a relative import never leaves its own app or
 * package (other workspaces are reached by their package name and its exports), and no runner
 * family (packages/runners/src/{python,sql,javascript,dom}) imports another family: what
 * families share lives in packages/runners/src/host/. Prints each violation as
 * `file:line: what`, and exits 1 if there is any.
 *
 * One exception: Vite bundles its config (and the plugins it imports) itself, before Node could
 * load TypeScript from a package by name, so those files may reach another package by a relative
 * path, but only to a module the package exports (its package.json `exports`).
 *
 * Run: node scripts/check-boundaries.mjs [root]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const SKIP = new Set(["node_modules", "dist", ".git", "data", "coverage"]);
const RUNNER_FAMILIES = ["python", "sql", "javascript", "dom"];
// `from "x"`, `import "x"`, `import("x")`, `require("x")`, `export ... from "x"`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(["'])([^"'\n]+)\1/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry)) yield full;
  }
}

/** "apps/web", "packages/runners", or undefined for files outside apps/ and packages/. */
function workspaceOf(root, file) {
  const [top, name] = path.relative(root, file).split(path.sep);
  return (top === "apps" || top === "packages") && name ? `${top}/${name}` : undefined;
}

function runnerFamilyOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== "packages" || parts[1] !== "runners" || parts[2] !== "src") return undefined;
  return RUNNER_FAMILIES.includes(parts[3]) ? parts[3] : undefined;
}

const BUILD_CONFIG = /(^|\/)(vite\.config\.ts|vite-plugin[\w-]*\.ts)$/;

/** The absolute paths of every module a workspace package exports. */
function exportedModules(root) {
  const exported = new Set();
  for (const name of readdirSync(path.join(root, "packages"))) {
    let manifest;
    try {
      manifest = JSON.parse(
        readFileSync(path.join(root, "packages", name, "package.json"), "utf8"),
      );
    } catch {
      continue;
    }
    const targets =
      typeof manifest.exports === "string"
        ? [manifest.exports]
        : Object.values(manifest.exports ?? {});
    for (const target of targets) {
      if (typeof target === "string") exported.add(path.resolve(root, "packages", name, target));
    }
  }
  return exported;
}

/** Every import of every app and package file that crosses a seam it must not cross. */
export function findViolations(root) {
  const violations = [];
  const exported = exportedModules(root);
  for (const top of ["apps", "packages"]) {
    let dir;
    try {
      dir = path.join(root, top);
      statSync(dir);
    } catch {
      continue;
    }
    for (const file of sourceFiles(dir)) {
      const from = workspaceOf(root, file);
      const family = runnerFamilyOf(root, file);
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(SPECIFIER)) {
        const specifier = match[2];
        if (!specifier.startsWith(".")) continue;
        const target = path.resolve(path.dirname(file), specifier);
        const to = workspaceOf(root, target);
        const line = text.slice(0, match.index).split("\n").length;
        const where = `${path.relative(root, file)}:${line}`;
        if (to !== from) {
          const buildTool = BUILD_CONFIG.test(file.split(path.sep).join("/"));
          if (buildTool && to?.startsWith("packages/") && exported.has(target)) continue;
          const what = to?.startsWith("apps/")
            ? from?.startsWith("apps/")
              ? `an app imports another app (${to})`
              : `a package imports an app (${to})`
            : `a relative import leaves ${from} (${specifier}); import the package by name`;
          violations.push(`${where}: ${what}`);
          continue;
        }
        const targetFamily = runnerFamilyOf(root, target);
        if (family && targetFamily && targetFamily !== family) {
          violations.push(
            `${where}: the ${family} runners import the ${targetFamily} runners (${specifier}); shared code belongs in packages/runners/src/host/`,
          );
        }
      }
    }
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? path.join(fileURLToPath(import.meta.url), "../.."));
  const violations = findViolations(root);
  for (const v of violations) console.error(v);
  console.log(
    violations.length === 0
      ? "Boundaries: no app imports another app, no package imports an app, no runner family imports another."
      : `Boundaries: ${violations.length} violation(s).`,
  );
  process.exit(violations.length === 0 ? 0 : 1);
}
