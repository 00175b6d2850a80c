/**
 * Typed search params of the analytics page (validated at the router): the range of UTC days
 * (`from`, `to`, YYYY-MM-DD) and the `track` filter. A value that does not parse is dropped.
 */
import * as z from "zod/mini";

const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

export const analyticsSearch = z.object({
  from: day,
  to: day,
  track: z.catch(z.optional(z.number().check(z.int(), z.positive())), undefined),
});
export type AnalyticsSearch = z.infer<typeof analyticsSearch>;
