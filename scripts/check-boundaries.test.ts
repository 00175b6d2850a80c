import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without types.
import { findViolations } from "./check-boundaries.mjs";

const root = mkdtempSync(path.join(tmpdir(), "lumen-boundaries-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe("check-boundaries (issue 12: the monorepo's seams, checked on every npm test)", () => {
  write("packages/core/package.json", JSON.stringify({ exports: { ".": "./src/index.ts" } }));
  write("packages/core/src/index.ts", 'export const x = 1;\nimport "./own.ts";\n');
  write(
    "apps/server/src/page.ts",
    'import { a } from "@lumen/core";\nimport { b } from "../../web/src/paint.ts";\n',
  );
  write("apps/web/src/paint.ts", 'import { c } from "../../../packages/core/src/index.ts";\n');
  write("apps/web/vite.config.ts", 'import { c } from "../../packages/core/src/index.ts";\n');
  write(
    "apps/web/src/vite-plugin-sw.ts",
    'import { d } from "../../../packages/core/src/own.ts";\n',
  );
  write("packages/core/src/leak.ts", 'export { e } from "../../../apps/web/src/paint.ts";\n');
  write("packages/runners/src/sql/node.ts", 'import { f } from "../python/worker.ts";\n');
  write("packages/runners/src/sql/run.ts", 'import { g } from "../host/worker.ts";\n');
  write("packages/runners/src/python/worker.ts", 'const h = await import("./own.ts");\n');

  const violations: string[] = findViolations(root);

  it("refuses an app that imports another app, naming the file and line", () => {
    expect(violations).toContain(
      "apps/server/src/page.ts:2: an app imports another app (apps/web)",
    );
  });

  it("refuses a package that imports an app", () => {
    expect(violations).toContain(
      "packages/core/src/leak.ts:1: a package imports an app (apps/web)",
    );
  });

  it("refuses a relative import into another package, except a build config reaching an export", () => {
    expect(violations).toContain(
      "apps/web/src/paint.ts:1: a relative import leaves apps/web (../../../packages/core/src/index.ts); import the package by name",
    );
    expect(violations.some((v) => v.startsWith("apps/web/vite.config.ts"))).toBe(false);
    // A build plugin may reach only what the package exports.
    expect(violations.some((v) => v.startsWith("apps/web/src/vite-plugin-sw.ts:1:"))).toBe(true);
  });

  it("refuses a runner family that imports another family, and allows host/", () => {
    expect(violations).toContain(
      "packages/runners/src/sql/node.ts:1: the sql runners import the python runners (../python/worker.ts); shared code belongs in packages/runners/src/host/",
    );
    expect(violations.some((v) => v.startsWith("packages/runners/src/sql/run.ts"))).toBe(false);
  });

  it("finds nothing else: imports by package name and within a workspace are fine", () => {
    expect(violations).toHaveLength(5);
  });
});
