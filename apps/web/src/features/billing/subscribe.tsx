/**
 * /web/subscribe and /web2app/subscribe (issue 15): the plans compared side by side, a monthly or
 * yearly switch, the learner's plan marked. Choosing a plan starts a checkout; a guest chooses
 * first and makes an account after (the web flow through /web/register and /go-to-checkout, the
 * web-to-app flow through /web2app/signup). A learner who pays already manages the plan in the
 * provider's portal instead of buying twice.
 */
import type { BillingInterval, CheckoutFlow, Plan } from "@lumen/contracts";
import { isPurchasableTier } from "@lumen/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { track } from "../../analytics/track.ts";
import { config } from "../../lib/config.ts";
import { myPlanQuery, plansQuery } from "../../lib/queries.ts";
import { Alert, textLinkClasses } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { DEFAULT_LANDING } from "../auth/lib/after-login.ts";
import { CurrentPlanBar } from "./components/current-plan-bar.tsx";
import { IntervalSwitch } from "./components/interval-switch.tsx";
import { PlanCard } from "./components/plan-card.tsx";
import { Web2AppSteps } from "./components/web2app-steps.tsx";
import { useGoTo } from "./hooks/use-go-to.ts";
import { useOpenPortal } from "./hooks/use-open-portal.ts";
import { useReturnTo } from "./hooks/use-return-to.ts";
import { useStartCheckout } from "./hooks/use-start-checkout.ts";
import { billingErrorText } from "./lib/billing-errors.ts";
import { choiceSearch, goToCheckoutPath, type PlanChoice } from "./lib/plan-choice.ts";
import {
  bestYearlySaving,
  comparedPlans,
  continueWithCurrentPlan,
  hasLiveSubscription,
  lessonUnlockTier,
  planAction,
} from "./lib/plan-offers.ts";

type SubscribeRoute = "/web/subscribe" | "/web2app/subscribe";

function PlansScreen({ from, flow }: { from: SubscribeRoute; flow: CheckoutFlow }) {
  const { redirectUrl, trackingReferer } = useSearch({ from });
  const returnTo = useReturnTo(redirectUrl);
  const { status } = useAuth();
  const signedIn = status === "signedIn";
  const catalogue = useSuspenseQuery(plansQuery()).data;
  const myPlan = useQuery({ ...myPlanQuery(), enabled: signedIn }).data;
  const mine = signedIn ? myPlan : undefined;
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const [chosen, setChosen] = useState<string | null>(null);
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const navigate = useNavigate();
  const goTo = useGoTo();
  const here = useRouterState({ select: (state) => state.location.href });

  useEffect(() => {
    track("show_upgrades", { source: "plans-page", from: trackingReferer ?? "direct", flow });
    if (flow === "web2app") track("web2app_step", { step: "subscribe" });
  }, [trackingReferer, flow]);

  const plans = comparedPlans(catalogue.plans);
  const unlockTier = lessonUnlockTier(plans, returnTo);
  const pointedOut = mine?.entitlements.allLessons ? undefined : unlockTier;
  const busy = checkout.isPending || portal.isPending;
  const live = hasLiveSubscription(mine);
  const failure = checkout.error ?? portal.error;

  function choose(plan: Plan) {
    if (!isPurchasableTier(plan.tier)) return;
    const choice: PlanChoice = {
      tier: plan.tier,
      interval,
      flow,
      ...(returnTo ? { redirectUrl: returnTo } : {}),
      ...(trackingReferer ? { trackingReferer } : {}),
    };
    setChosen(plan.tier);
    if (signedIn) checkout.mutate(choice);
    else if (flow === "web2app")
      void navigate({ to: "/web2app/signup", search: choiceSearch(choice) });
    else void navigate({ to: "/web/register", search: { redirectUrl: goToCheckoutPath(choice) } });
  }

  function continueWithCurrent() {
    track("continue_with_current_subscription", { tier: mine?.tier ?? "free", flow });
    goTo(continueWithCurrentPlan(returnTo, mine, DEFAULT_LANDING));
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 py-2 sm:py-6">
      {flow === "web2app" ? <Web2AppSteps current={0} /> : null}
      <header className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {unlockTier && !mine?.entitlements.allLessons
            ? "Unlock every lesson"
            : "Choose your plan"}
        </h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-300">
          Start free. Upgrade for every lesson of every track, AI credits for the tutor and the app
          builder, and apps that stay online.
        </p>
        {!signedIn ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Have an account?{" "}
            <Link to="/web/login" search={{ redirectUrl: here }} className={textLinkClasses}>
              Sign in
            </Link>{" "}
            to see your plan.
          </p>
        ) : null}
      </header>

      {mine ? (
        <CurrentPlanBar
          myPlan={mine}
          live={live}
          managing={portal.isPending}
          disabled={busy}
          onManage={() => portal.mutate()}
          onContinue={continueWithCurrent}
        />
      ) : null}

      <div className="flex justify-center">
        <IntervalSwitch
          value={interval}
          onChange={setBillingInterval}
          bestSaving={bestYearlySaving(plans)}
        />
      </div>

      {failure ? (
        <Alert role="alert" tone="danger">
          {billingErrorText(failure)}
        </Alert>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            interval={interval}
            currency={catalogue.currency}
            action={planAction(plan, mine)}
            unlocksLesson={plan.tier === unlockTier && !mine?.entitlements.allLessons}
            quiet={pointedOut !== undefined && plan.tier !== pointedOut}
            pending={busy && chosen === plan.tier}
            disabled={busy}
            onChoose={choose}
            onManage={() => {
              setChosen(plan.tier);
              portal.mutate();
            }}
          />
        ))}
      </div>

      <footer className="flex flex-col items-center gap-3 text-center text-sm text-slate-600 dark:text-slate-400">
        <p>
          Prices in {catalogue.currency.toUpperCase()}. Cancel any time: your plan stays active
          until the end of the period you paid for.
        </p>
        {catalogue.provider === "local" ? (
          <p>Test mode: payments go to the local test provider, and no real money is taken.</p>
        ) : null}
        <p>
          Questions? Write to{" "}
          <a href={`mailto:${config.supportEmail}`} className={textLinkClasses}>
            {config.supportEmail}
          </a>
          .
        </p>
      </footer>
    </div>
  );
}

export function WebSubscribe() {
  return <PlansScreen from="/web/subscribe" flow="web" />;
}

export function Web2AppSubscribe() {
  return <PlansScreen from="/web2app/subscribe" flow="web2app" />;
}
