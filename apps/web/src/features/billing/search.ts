/**
 * Typed search params of the billing screens (issue 15), validated at the router. A value that
 * does not parse is dropped rather than breaking the page (as search-params.ts does): a link
 * with an unknown tier opens the plans page, not an error.
 */

import { CHECKOUT_FLOWS } from "@lumen/contracts";
import { BILLING_INTERVALS, PURCHASABLE_TIERS } from "@lumen/core";
import * as z from "zod/mini";

const optionalUrl = z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined);
const referer = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined);
const tier = z.catch(z.optional(z.enum(PURCHASABLE_TIERS)), undefined);
const interval = z.catch(z.optional(z.enum(BILLING_INTERVALS)), undefined);
/** A checkout session's id, as the provider made it (ours or Stripe's `cs_…`). */
const sessionId = z.catch(
  z.optional(z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[\w-]+$/))),
  undefined,
);

/** /go-to-checkout: the plan chosen elsewhere (an email, the app), started at once. */
export const goToCheckoutSearch = z.object({
  tier,
  interval,
  redirectUrl: optionalUrl,
  trackingReferer: referer,
  flow: z.catch(z.optional(z.enum(CHECKOUT_FLOWS)), undefined),
});

/** /web2app/signup: the account is made with the plan chosen on /web2app/subscribe kept. */
export const web2appSignupSearch = z.object({
  tier,
  interval,
  redirectUrl: optionalUrl,
  trackingReferer: referer,
});

/** /web2app/success: where the web-to-app checkout ends; `session` names the checkout. */
export const web2appSuccessSearch = z.object({ redirectUrl: optionalUrl, session: sessionId });

/** /web/purchase-successful?session={id}. */
export const purchaseSearch = z.object({ session: sessionId });

/** /billing/local/portal: where its "Back" link goes. */
export const localPortalSearch = z.object({ returnUrl: optionalUrl });
