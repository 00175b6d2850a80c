/**
 * Starts the checkout of a plan chosen elsewhere (issue 15): /go-to-checkout and the web-to-app
 * sign-up's last step. It starts by itself once the learner's plan is known, says so, and keeps
 * a real button for when the browser does not move on (or the learner came back); a failure says
 * what happened and tries again. A learner who pays already is offered the portal instead.
 */
import type { PurchasableTier } from "@lumen/contracts";
import { formatPrice } from "@lumen/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { myPlanQuery, plansQuery } from "../../../lib/queries.ts";
import { Alert, Button, Card, Spinner, textLinkClasses } from "../../../ui/index.ts";
import { useOpenPortal } from "../hooks/use-open-portal.ts";
import { useStartCheckout } from "../hooks/use-start-checkout.ts";
import { billingErrorText } from "../lib/billing-errors.ts";
import type { PlanChoice } from "../lib/plan-choice.ts";
import { hasLiveSubscription, priceOf } from "../lib/plan-offers.ts";
import { INTERVAL_WORDS } from "../lib/subscription-view.ts";

function ChoiceSummary({
  tier,
  interval,
}: {
  tier: PurchasableTier;
  interval: PlanChoice["interval"];
}) {
  const catalogue = useQuery(plansQuery()).data;
  const plan = catalogue?.plans.find((p) => p.tier === tier);
  if (!catalogue || !plan) return null;
  const price = priceOf(plan, interval);
  return (
    <p className="mt-3 text-lg">
      <span className="font-semibold">{plan.label}</span>
      {price !== null ? (
        <span className="text-slate-600 dark:text-slate-300">
          {" "}
          · {formatPrice(price, catalogue.currency)} / {INTERVAL_WORDS[interval].unit}
        </span>
      ) : null}
    </p>
  );
}

export function CheckoutStarter({ choice, auto = true }: { choice: PlanChoice; auto?: boolean }) {
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const myPlan = useQuery(myPlanQuery());
  const live = hasLiveSubscription(myPlan.data);
  const started = useRef(false);
  const { mutate } = checkout;

  useEffect(() => {
    if (!auto || myPlan.isPending || live || started.current) return;
    started.current = true;
    mutate(choice);
  }, [auto, myPlan.isPending, live, mutate, choice]);

  if (live && myPlan.data) {
    return (
      <section aria-labelledby="checkout-title" className="mx-auto w-full max-w-lg py-6 sm:py-10">
        <h1 id="checkout-title" className="text-3xl font-extrabold tracking-tight">
          You already have a plan
        </h1>
        <Card className="mt-6 flex flex-col gap-4">
          <p>
            You are on the <strong>{myPlan.data.label}</strong>. To change it, manage your plan
            instead of buying a second one.
          </p>
          {portal.error ? (
            <Alert role="alert" tone="danger" size="sm">
              {billingErrorText(portal.error)}
            </Alert>
          ) : null}
          <Button
            variant="brand"
            size="xl"
            pending={portal.isPending}
            onClick={() => portal.mutate()}
          >
            Manage plan
          </Button>
        </Card>
      </section>
    );
  }

  const failed = checkout.isError;
  return (
    <section aria-labelledby="checkout-title" className="mx-auto w-full max-w-lg py-6 sm:py-10">
      <h1 id="checkout-title" className="text-3xl font-extrabold tracking-tight">
        {failed ? "We could not start the checkout" : "Taking you to checkout…"}
      </h1>
      <ChoiceSummary tier={choice.tier} interval={choice.interval} />
      <Card className="mt-6 flex flex-col gap-4">
        {failed ? (
          <Alert role="alert" tone="danger">
            {billingErrorText(checkout.error)}
          </Alert>
        ) : (
          <p role="status" className="flex items-center gap-3 text-slate-700 dark:text-slate-200">
            {checkout.isPending ? <Spinner /> : null}
            {checkout.isPending
              ? "Opening the secure checkout page…"
              : "Press the button to open the secure checkout page."}
          </p>
        )}
        <Button
          variant="brand"
          size="xl"
          pending={checkout.isPending}
          onClick={() => checkout.mutate(choice)}
        >
          {failed ? "Try again" : "Continue to checkout"}
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Changed your mind?{" "}
          <Link
            to={choice.flow === "web2app" ? "/web2app/subscribe" : "/web/subscribe"}
            search={{ redirectUrl: choice.redirectUrl, trackingReferer: choice.trackingReferer }}
            className={textLinkClasses}
          >
            See all plans
          </Link>
        </p>
      </Card>
    </section>
  );
}
