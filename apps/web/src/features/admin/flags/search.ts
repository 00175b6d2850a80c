/** Typed search params of this admin area's pages (validated at the router). */
import * as z from "zod/mini";

export const flagsSearch = z.object({});
