/**
 * Typed search params of /web/library (validated at the router): the search words `q`, and the
 * `language` (a track's code language) and `level` filters. A value that does not parse is
 * dropped rather than breaking the page.
 */
import { CODE_LANGUAGES, LIBRARY_LEVELS, MAX_LIBRARY_QUERY } from "@lumen/contracts";
import * as z from "zod/mini";

export const librarySearch = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(MAX_LIBRARY_QUERY))), undefined),
  language: z.catch(z.optional(z.enum(CODE_LANGUAGES)), undefined),
  level: z.catch(z.optional(z.enum(LIBRARY_LEVELS)), undefined),
});
export type LibrarySearch = z.infer<typeof librarySearch>;
