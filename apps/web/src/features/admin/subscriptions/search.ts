/**
 * Typed search params of the console's subscriptions page (issue 15), validated at the router:
 * the search (`query`), the state filter (`state`), the page (`cursor`) and the open account
 * (`user`). A value that does not parse is dropped rather than breaking the page.
 */
import { ADMIN_SUBSCRIPTION_STATES } from "@lumen/contracts";
import * as z from "zod/mini";

const text = (max: number) => z.catch(z.optional(z.string().check(z.maxLength(max))), undefined);

export const subscriptionsSearch = z.object({
  query: text(200),
  state: z.catch(z.optional(z.enum(ADMIN_SUBSCRIPTION_STATES)), undefined),
  cursor: text(320),
  /** The account whose panel is open. */
  user: z.catch(
    z.optional(
      z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
    ),
    undefined,
  ),
});
export type SubscriptionsSearch = z.infer<typeof subscriptionsSearch>;
