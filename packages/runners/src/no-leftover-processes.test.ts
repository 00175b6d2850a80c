/**
 * Issue 11 part 5: every runner thread that a time limit replaces used to leave an esbuild
 * process behind (16 after half an hour of timeouts). Threads now stop their esbuild once their
 * bundles are made, so replacing them, however often, leaves no process.
 */
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { createNodeRunners } from "./node.ts";

/** This process's own esbuild children (a stopped service exits on its own, soon). */
function esbuildChildren(): number {
  try {
    return Number(execFileSync("pgrep", ["-c", "-P", String(process.pid), "esbuild"]).toString());
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

async function settle(check: () => boolean, limitMs: number) {
  const until = Date.now() + limitMs;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
}

const runners = createNodeRunners();
afterAll(() => runners.dispose());

describe("runner threads replaced at their time limit", () => {
  it("leave no esbuild process behind", { timeout: 90_000 }, async () => {
    // What this process keeps anyway (the test runner's own TypeScript services), once warm.
    await runners.preload(["javascript", "page"]);
    await settle(() => false, 2_000);
    const baseline = esbuildChildren();
    for (let round = 0; round < 3; round++) {
      for (const request of [
        { language: "javascript" as const, files: [{ name: "index.js", content: "for (;;) {}" }] },
        {
          language: "html" as const,
          files: [{ name: "index.html", content: "<script>for (;;) {}</script>" }],
        },
      ]) {
        expect((await runners.run({ ...request, timeoutMs: 200 })).status).toBe("timeout");
      }
    }
    // The replacements are warm (their bundles made) once preload answers.
    await runners.preload(["javascript", "page"]);
    await settle(() => esbuildChildren() <= baseline, 20_000);
    // Six threads were replaced; before the fix each left one more.
    expect(esbuildChildren()).toBeLessThanOrEqual(baseline);
  });
});
