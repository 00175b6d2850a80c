/**
 * The runners the server uses for code posted by users (ADR 0018): a warm pool of bubblewrap
 * sandboxes when the machine has them, otherwise nothing at all. The server decides what a
 * missing sandbox means (completions recorded unverified); it never runs such code in-process.
 */
import os from "node:os";
import type { NodeRunners } from "../node.ts";
import type { RunnerFamily } from "../types.ts";
import { createSandboxPool, type SandboxPool } from "./sandbox-pool.ts";
import { commandFor, type SandboxSupport, sandboxSupport } from "./support.ts";

export type { SandboxPool } from "./sandbox-pool.ts";
export type { SandboxSupport } from "./support.ts";
export { sandboxSupport } from "./support.ts";

export interface SandboxedRunnersOptions {
  /** Warm processes; each runs one check at a time. Defaults to the number of cores. */
  size?: number;
  preload?: RunnerFamily[];
  onLog?(line: string): void;
  /** Tests: what the machine can do, instead of probing it (a machine without a sandbox). */
  probe?: () => Promise<SandboxSupport>;
}

export type SandboxedRunners = NodeRunners & { stats: SandboxPool["stats"] };

/** A pool when the sandbox works here; `undefined` with the reason when it does not. */
export async function createSandboxedRunners(
  options: SandboxedRunnersOptions = {},
): Promise<{ support: SandboxSupport; runners?: SandboxedRunners }> {
  const support = await (options.probe ?? sandboxSupport)();
  if (!support.available) return { support };
  const root = support.user === "own-uid";
  const pool = createSandboxPool({
    size: options.size ?? Math.max(1, os.availableParallelism()),
    command: (slot) => commandFor(root, slot),
    preload: options.preload,
    onLog: options.onLog,
  });
  return { support, runners: pool };
}

/** Thrown by a lazy pool's run() on a machine that cannot sandbox: the code never runs. */
export class SandboxUnavailableError extends Error {
  constructor(readonly missing: string) {
    super(`Code cannot be checked on this server: it needs ${missing}.`);
    this.name = "SandboxUnavailableError";
  }
}

/**
 * The same pool, started on first use (a preview, a check), so that a server or a test that
 * never runs code never starts a sandbox.
 */
export function lazySandboxedRunners(options: SandboxedRunnersOptions = {}): SandboxedRunners {
  let pool: Promise<SandboxedRunners> | undefined;
  let started: SandboxedRunners | undefined;
  const get = () => {
    pool ??= createSandboxedRunners(options).then(({ support, runners }) => {
      if (!runners) throw new SandboxUnavailableError(support.available ? "" : support.missing);
      started = runners;
      return runners;
    });
    return pool;
  };
  return {
    run: async (request) => (await get()).run(request),
    preload: async (families) => (await get()).preload(families),
    dispose: async () => {
      const current = pool;
      pool = undefined;
      started = undefined;
      await current?.then(
        (p) => p.dispose(),
        () => undefined,
      );
    },
    stats: () => started?.stats() ?? { size: 0, busy: 0, waiting: 0 },
  };
}
