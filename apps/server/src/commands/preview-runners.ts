/**
 * The server's one set of runners for the course engineers' preview: created on the first
 * preview run, kept warm for the next ones, and replaced by a cold set when the preview cache is
 * cleared. A set being replaced finishes the runs it has started before it is disposed.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { createNodeRunners, type NodeRunners } from "@lumen/runners/node";

interface Generation {
  runners: NodeRunners;
  running: number;
  retired: boolean;
}

export class PreviewRunners {
  private current: Generation | undefined;

  constructor(private readonly create: () => NodeRunners = createNodeRunners) {}

  /** Whether a warm set exists (a run happened since the last reset). */
  get warm(): boolean {
    return this.current !== undefined;
  }

  async run(request: RunRequest): Promise<RunResult> {
    this.current ??= { runners: this.create(), running: 0, retired: false };
    const generation = this.current;
    generation.running++;
    try {
      return await generation.runners.run(request);
    } finally {
      generation.running--;
      if (generation.retired && generation.running === 0) await generation.runners.dispose();
    }
  }

  /** Drops the warm runtimes: the next run starts from fresh ones. */
  async reset(): Promise<void> {
    const generation = this.current;
    this.current = undefined;
    if (!generation) return;
    generation.retired = true;
    if (generation.running === 0) await generation.runners.dispose();
  }
}

let shared: PreviewRunners | undefined;

/** One set per server process, made on first use. */
export function previewRunners(): PreviewRunners {
  shared ??= new PreviewRunners();
  return shared;
}

/** For shutdown and tests: disposes the process's runners, if any were started. */
export async function disposePreviewRunners(): Promise<void> {
  await shared?.reset();
}
