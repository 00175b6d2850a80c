/**
 * The provider's customer portal (POST /v1/billing/portal): where a learner changes plan (the
 * provider prorates), updates the card, cancels or resumes. `returnUrl` is checked against the
 * allow-list like every redirect; without one (or with a refused one) the portal returns to the
 * profile, where the plan is shown.
 */
import type { PortalAnswer } from "@lumen/contracts";
import { type RedirectPolicy, safeRedirect } from "@lumen/core";
import type { Db } from "@lumen/db";
import { findCustomerId } from "../billing/billing-customers.ts";
import type { BillingProvider } from "../billing/provider.ts";
import { errors } from "../errors.ts";

export const PORTAL_DEFAULT_RETURN = "/web/profile";

export interface OpenBillingPortalOptions {
  db: Db;
  provider: BillingProvider;
  userId: string;
  returnUrl: string | undefined;
  origin: string;
  redirectPolicy: RedirectPolicy;
}

export async function openBillingPortal(options: OpenBillingPortalOptions): Promise<PortalAnswer> {
  const customerId = await findCustomerId(options.db, options.provider.name, options.userId);
  if (!customerId) {
    throw errors.notFound("A plan to manage (choose one on the plans page first)");
  }
  const checked = safeRedirect(options.returnUrl, options.redirectPolicy).url;
  const path = checked ?? PORTAL_DEFAULT_RETURN;
  // The provider's page is elsewhere: it needs the whole address to come back to.
  const returnUrl = path.startsWith("/") ? `${options.origin}${path}` : path;
  return options.provider.createPortal({ customerId, returnUrl });
}
