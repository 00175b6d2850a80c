/**
 * No server setting reaches the browser: the web app is built with a canary value in every
 * setting of the server's schema, and no built file may contain one. The served page carries
 * only the public config.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "../apps/server/src/env.ts";
import { ROOT } from "./support/server.ts";

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Settings the web build reads on purpose: RELEASE names the build in its error reports (the
 * browser sends it with every event, ADR 0041), so it is public by nature.
 */
const PUBLIC_BY_DESIGN = new Set(["RELEASE"]);

describe("the web bundle", () => {
  it("contains no value of any server setting", () => {
    const canaries = Object.fromEntries(
      Object.keys(envSchema.shape)
        .filter((key) => !PUBLIC_BY_DESIGN.has(key))
        .map((key) => [key, `canary-${key.toLowerCase()}-7f3a`]),
    );
    const outDir = mkdtempSync(path.join(tmpdir(), "lumen-bundle-"));
    const result = spawnSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/vite/bin/vite.js"),
        "build",
        "--outDir",
        outDir,
        "--logLevel",
        "error",
      ],
      { cwd: path.join(ROOT, "apps/web"), env: { ...process.env, ...canaries }, encoding: "utf8" },
    );
    expect(result.status, result.stderr).toBe(0);
    const built = [...files(outDir)];
    expect(built.some((f) => f.endsWith(".js"))).toBe(true);
    for (const file of built) {
      const text = readFileSync(file, "latin1");
      for (const canary of Object.values(canaries)) {
        expect(text.includes(canary), `${canary} found in ${path.relative(outDir, file)}`).toBe(
          false,
        );
      }
    }
  });
});
