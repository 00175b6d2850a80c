/**
 * /web2app/signup (issue 15): the web-to-app flow's second step. The plan chosen on
 * /web2app/subscribe stays in the address; the learner makes an account with the auth feature's
 * form, and checkout starts at once. Someone signed in already goes straight on to checkout.
 */
import { formatPrice } from "@lumen/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useMemo, useRef } from "react";
import { track } from "../../analytics/track.ts";
import { plansQuery } from "../../lib/queries.ts";
import { Button, Card, Spinner, textLinkClasses } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { RegisterForm } from "../auth/components/register-form.tsx";
import { CheckoutStarter } from "./components/checkout-starter.tsx";
import { Web2AppSteps } from "./components/web2app-steps.tsx";
import { useReturnTo } from "./hooks/use-return-to.ts";
import { goToCheckoutPath, type PlanChoice } from "./lib/plan-choice.ts";
import { priceOf } from "./lib/plan-offers.ts";
import { INTERVAL_WORDS } from "./lib/subscription-view.ts";

function ChosenPlan({ choice }: { choice: PlanChoice }) {
  const catalogue = useQuery(plansQuery()).data;
  const plan = catalogue?.plans.find((p) => p.tier === choice.tier);
  const price = plan ? priceOf(plan, choice.interval) : null;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-slate-800/60">
      <p>
        <span className="block text-slate-600 dark:text-slate-400">Your plan</span>
        <span className="font-semibold">{plan?.label ?? "…"}</span>
        {catalogue && price !== null ? (
          <span className="text-slate-700 dark:text-slate-300">
            {" "}
            · {formatPrice(price, catalogue.currency)} / {INTERVAL_WORDS[choice.interval].unit}
          </span>
        ) : null}
      </p>
      <Link
        to="/web2app/subscribe"
        search={{ redirectUrl: choice.redirectUrl, trackingReferer: choice.trackingReferer }}
        className={textLinkClasses}
      >
        Change<span className="sr-only"> plan</span>
      </Link>
    </div>
  );
}

function SignUpStep({ choice }: { choice: PlanChoice }) {
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track("web2app_step", { step: "signup", tier: choice.tier });
  }, [choice.tier]);
  return (
    <div className="flex flex-col gap-6">
      <Web2AppSteps current={1} />
      <section aria-labelledby="signup-title" className="mx-auto w-full max-w-md">
        <h1 id="signup-title" className="text-3xl font-extrabold tracking-tight">
          Create your account
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Your subscription and your progress belong to this account, in the browser and in the app.
        </p>
        <Card className="mt-6 flex flex-col gap-5 sm:p-6">
          <ChosenPlan choice={choice} />
          <div>
            <RegisterForm
              submitLabel="Create account and continue"
              signInRedirectUrl={goToCheckoutPath(choice)}
            />
          </div>
        </Card>
      </section>
    </div>
  );
}

export function Web2AppSignup() {
  const search = useSearch({ from: "/web2app/signup" });
  const returnTo = useReturnTo(search.redirectUrl);
  const { status } = useAuth();
  const { tier, interval = "month", trackingReferer } = search;
  const choice = useMemo<PlanChoice | null>(
    () =>
      tier
        ? {
            tier,
            interval,
            flow: "web2app",
            ...(returnTo ? { redirectUrl: returnTo } : {}),
            ...(trackingReferer ? { trackingReferer } : {}),
          }
        : null,
    [tier, interval, returnTo, trackingReferer],
  );

  if (!choice) {
    return (
      <section aria-labelledby="signup-title" className="mx-auto w-full max-w-md py-6 sm:py-10">
        <h1 id="signup-title" className="text-3xl font-extrabold tracking-tight">
          Choose a plan first
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Pick the plan you want, then create your account to pay for it.
        </p>
        <Button asChild variant="brand" size="xl" className="mt-6">
          <Link to="/web2app/subscribe" search={{ redirectUrl: returnTo, trackingReferer }}>
            See the plans
          </Link>
        </Button>
      </section>
    );
  }
  if (status === "initializing") {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-400"
      >
        <Spinner /> Checking your session…
      </p>
    );
  }
  if (status === "signedOut") return <SignUpStep choice={choice} />;
  return (
    <div className="flex flex-col gap-6">
      <Web2AppSteps current={2} />
      <CheckoutStarter choice={choice} />
    </div>
  );
}
