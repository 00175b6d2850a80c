/**
 * Messages between the server and a sandboxed runner process. Both sides parse what they
 * receive: the sandbox's answers are untrusted too, since learner code ran in that process.
 */
import { runResultSchema } from "@lumen/contracts";
import { z } from "@lumen/core/zod";

const familySchema = z.enum(["python", "sql", "javascript", "page"]);

export const sandboxRequestSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("run"), id: z.number(), request: z.unknown() }),
  z.object({ type: z.literal("preload"), id: z.number(), families: z.array(familySchema) }),
]);
export type SandboxRequest = z.infer<typeof sandboxRequestSchema>;

export const sandboxReplySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  z.object({ type: z.literal("preloaded"), id: z.number() }),
  z.object({ type: z.literal("result"), id: z.number(), result: runResultSchema }),
  z.object({ type: z.literal("failed"), id: z.number(), detail: z.string() }),
]);
export type SandboxReply = z.infer<typeof sandboxReplySchema>;
