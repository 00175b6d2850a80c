/**
 * The server's type checker (lesson completions in the sandbox, content checks, the preview):
 * the same checker and lib files as the browser's worker, in a warm worker thread with a
 * watchdog, so a type a learner made endlessly deep costs the thread, never the process.
 */
import type { TypeDiagnostic } from "@lumen/contracts";
import { typeDiagnosticSchema } from "@lumen/contracts";
import { z } from "@lumen/core/zod";
import { WarmThread } from "../host/warm-thread.ts";
import type { TypeCheckInput } from "./checker.ts";
import type { TypeCheckOutcome } from "./requirement.ts";

/** A warm check takes milliseconds; past this the thread is replaced. */
export const NODE_CHECK_LIMIT_MS = 15_000;

const outcomeSchema = z.union([
  z.object({ diagnostics: z.array(typeDiagnosticSchema) }),
  z.object({ unavailable: z.string() }),
]);

export interface NodeTypeChecker {
  check(input: TypeCheckInput): Promise<TypeCheckOutcome>;
  preload(): Promise<void>;
  dispose(): Promise<void>;
}

export function createNodeTypeChecker(): NodeTypeChecker {
  const thread = new WarmThread<TypeCheckInput, unknown>({
    url: new URL("./node-thread.ts", import.meta.url),
    resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: 8 },
  });
  return {
    async check(input) {
      const outcome = await thread.run(
        { files: input.files.map(({ name, content }) => ({ name, content })), jsx: input.jsx },
        NODE_CHECK_LIMIT_MS,
      );
      if (!outcome.ok) {
        return {
          unavailable:
            outcome.reason === "timeout"
              ? "TypeScript took too long to check this code"
              : "the type checker stopped unexpectedly",
        };
      }
      const parsed = outcomeSchema.safeParse(outcome.value);
      if (!parsed.success) return { unavailable: "the type checker answered something unreadable" };
      return parsed.data as { diagnostics: TypeDiagnostic[] } | { unavailable: string };
    },
    preload: () => thread.start(),
    dispose: () => thread.dispose(),
  };
}
