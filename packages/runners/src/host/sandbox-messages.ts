/**
 * The messages a sandbox (the JavaScript Web Worker, the page frame) sends to the page, validated
 * on arrival: the sandbox runs learner code, which can post anything.
 */
import { consoleEntrySchema, runErrorSchema, testResultSchema } from "@lumen/contracts";
import { z } from "zod";

export const sandboxMessageSchema = z.discriminatedUnion("type", [
  /** With the speed probe's figure (speed-probe.ts). */
  z.object({ type: z.literal("ready"), probeMs: z.number().optional() }),
  /** The learner's code starts now: the run's clock starts here (ADR 0023). */
  z.object({ type: z.literal("started") }),
  z.object({ type: z.literal("console"), entry: consoleEntrySchema }),
  z.object({ type: z.literal("test"), test: testResultSchema }),
  z.object({ type: z.literal("error"), error: runErrorSchema }),
  z.object({ type: z.literal("done") }),
]);
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

/** The parts of a run's messages the page collects. */
export interface SandboxSink {
  console(entry: z.infer<typeof consoleEntrySchema>): void;
  test(test: z.infer<typeof testResultSchema>): void;
  error(error: z.infer<typeof runErrorSchema>): void;
  /** The sandbox's first "started" (later ones come from learner code and change nothing). */
  started(): void;
}

/** Dispatches one message; true when the run is done. Unknown shapes are ignored. */
export function deliver(data: unknown, sink: SandboxSink): boolean {
  const parsed = sandboxMessageSchema.safeParse(data);
  if (!parsed.success) return false;
  const message = parsed.data;
  if (message.type === "console") sink.console(message.entry);
  else if (message.type === "test") sink.test(message.test);
  else if (message.type === "error") sink.error(message.error);
  else if (message.type === "started") sink.started();
  return message.type === "done";
}
