/** The JSON body of every error the API answers with (STYLE.md, convention 6). */
import { z } from "./zod.ts";

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
