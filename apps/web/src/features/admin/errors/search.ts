/** Typed search params of this admin area's pages (validated at the router). */
import { ERROR_ISSUE_STATUSES, ERROR_PLATFORMS } from "@lumen/contracts";
import * as z from "zod/mini";

export const errorsSearch = z.object({
  platform: z.optional(z.catch(z.optional(z.enum(ERROR_PLATFORMS)), undefined)),
  status: z.optional(z.catch(z.optional(z.enum(ERROR_ISSUE_STATUSES)), undefined)),
});
export type ErrorsSearch = z.infer<typeof errorsSearch>;
