/**
 * The server's one set of runners for the course engineers' preview, in a sandbox pool of its own
 * (their files are code posted by a user too): created on the first preview run, kept warm for the next ones, and replaced by a cold set when the preview cache is
 * cleared. A set being replaced finishes the runs it has started before it is disposed.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import type { NodeRunners } from "@lumen/runners/node";
import { lazySandboxedRunners } from "@lumen/runners/sandbox";

interface Generation {
  runners: NodeRunners;
  running: number;
  retired: boolean;
}

export class PreviewRunners {
  private current: Generation | undefined;

  constructor(
    private readonly create: () => NodeRunners = () => lazySandboxedRunners({ size: 1 }),
  ) {}

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
