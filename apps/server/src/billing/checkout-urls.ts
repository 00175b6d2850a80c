/**
 * Where a checkout sends the browser (spec section 2): after paying, the flow's success page
 * (`/web/purchase-successful` or `/web2app/success`) naming the checkout, which asks the API how
 * it ended; on cancel, back to the flow's subscribe page with what it was opened with. Pure.
 */
import type { CheckoutFlow } from "@lumen/contracts";

/** Stripe fills this in with the session's id. */
export const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

const query = (params: Record<string, string | null | undefined>) => {
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  return entries.length === 0 ? "" : `&${new URLSearchParams(entries)}`;
};

/** The success page's path; `sessionId` may be the placeholder, which stays unencoded. */
export function successPath(
  flow: CheckoutFlow,
  sessionId: string,
  redirectUrl: string | null,
): string {
  const session = sessionId === SESSION_ID_PLACEHOLDER ? sessionId : encodeURIComponent(sessionId);
  return flow === "web2app"
    ? `/web2app/success?session=${session}${query({ redirectUrl })}`
    : `/web/purchase-successful?session=${session}`;
}

export function cancelPath(
  flow: CheckoutFlow,
  redirectUrl: string | null,
  trackingReferer: string | null,
): string {
  const base = flow === "web2app" ? "/web2app/subscribe" : "/web/subscribe";
  const rest = query({ redirectUrl, trackingReferer });
  return rest ? `${base}?${rest.slice(1)}` : base;
}
