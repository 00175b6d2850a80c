/**
 * /go-to-checkout (issue 15), for links from elsewhere (an email, the app, sign-up after a guest
 * chose a plan): the plan in the address (tier, interval, redirectUrl, trackingReferer, flow)
 * goes straight to checkout. Without a plan it asks for one.
 */
import { Link, useSearch } from "@tanstack/react-router";
import { useMemo } from "react";
import { Button } from "../../ui/index.ts";
import { CheckoutStarter } from "./components/checkout-starter.tsx";
import { useReturnTo } from "./hooks/use-return-to.ts";
import type { PlanChoice } from "./lib/plan-choice.ts";

export function GoToCheckout() {
  const search = useSearch({ from: "/go-to-checkout" });
  const returnTo = useReturnTo(search.redirectUrl);
  const { tier, interval = "month", flow = "web", trackingReferer } = search;
  const choice = useMemo<PlanChoice | null>(
    () =>
      tier
        ? {
            tier,
            interval,
            flow,
            ...(returnTo ? { redirectUrl: returnTo } : {}),
            ...(trackingReferer ? { trackingReferer } : {}),
          }
        : null,
    [tier, interval, flow, returnTo, trackingReferer],
  );

  if (!choice) {
    return (
      <section aria-labelledby="checkout-title" className="mx-auto w-full max-w-lg py-6 sm:py-10">
        <h1 id="checkout-title" className="text-3xl font-extrabold tracking-tight">
          Choose a plan first
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          This link does not say which plan to buy. Pick one on the plans page.
        </p>
        <Button asChild variant="brand" size="xl" className="mt-6">
          <Link to="/web/subscribe" search={{ redirectUrl: returnTo, trackingReferer }}>
            See the plans
          </Link>
        </Button>
      </section>
    );
  }
  return <CheckoutStarter choice={choice} />;
}
