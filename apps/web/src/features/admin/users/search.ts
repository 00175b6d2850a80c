/** Typed search params of this admin area's pages (validated at the router). */
import * as z from "zod/mini";

export const usersSearch = z.object({});
export const auditSearch = z.object({});
