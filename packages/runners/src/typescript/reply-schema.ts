/** The worker's and the checker thread's replies, parsed where they arrive (see protocol.ts). */
import { typeDiagnosticSchema } from "@lumen/contracts";
import { z } from "@lumen/core/zod";
import type { TypeCheckReply } from "./protocol.ts";

export const typeCheckReplySchema: z.ZodMiniType<TypeCheckReply> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  z.object({
    type: z.literal("diagnostics"),
    id: z.number().check(z.int()),
    diagnostics: z.array(typeDiagnosticSchema),
  }),
  z.object({
    type: z.literal("failed"),
    id: z.optional(z.number().check(z.int())),
    message: z.string(),
  }),
]);
