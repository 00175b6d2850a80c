/**
 * /billing/local/portal (issue 15): the local payment provider's customer portal, the stand-in
 * for Stripe's when BILLING_PROVIDER=local. The learner sees their plan and when the period
 * ends, cancels at the period's end (after a confirmation; the plan then stays active until that
 * date, with a Resume button), changes tier or billing period, and goes back where they came from.
 */
import type { BillingInterval, MyPlanAnswer, PurchasableTier } from "@lumen/contracts";
import { formatPrice } from "@lumen/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { config } from "../../lib/config.ts";
import { billingKeys, myPlanQuery, plansQuery } from "../../lib/queries.ts";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../ui/dialog.tsx";
import { Alert, Badge, Button, Card, Spinner, textLinkClasses } from "../../ui/index.ts";
import { localProviderApi } from "./api/local-provider-client.ts";
import { ChangePlan } from "./components/change-plan.tsx";
import { TestModeBanner } from "./components/test-mode-banner.tsx";
import { useGoTo } from "./hooks/use-go-to.ts";
import { useReturnTo } from "./hooks/use-return-to.ts";
import { billingErrorText } from "./lib/billing-errors.ts";
import { priceOf } from "./lib/plan-offers.ts";
import { destinationOf, isInAppPath } from "./lib/return-to.ts";
import { formatDay, INTERVAL_WORDS, subscriptionLine } from "./lib/subscription-view.ts";

const day = formatDay();

function BackLink({ to }: { to: string | undefined }) {
  const goTo = useGoTo();
  const href = to ?? "/web/subscribe";
  const inApp = destinationOf(href, window.location.origin);
  return (
    <a
      href={href}
      onClick={(event) => {
        if (inApp === null || !isInAppPath(inApp)) return;
        event.preventDefault();
        goTo(inApp);
      }}
      className={`self-start text-sm ${textLinkClasses}`}
    >
      ← Back to {config.productName}
    </a>
  );
}

function CancelDialog({
  label,
  until,
  pending,
  onConfirm,
}: {
  label: string;
  until: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="danger" size="lg" onClick={() => setOpen(true)}>
        Cancel plan
      </Button>
      <DialogContent
        title="Cancel your plan?"
        description={`You keep the ${label} until ${until}. After that you are on the Free plan, and nothing more is charged.`}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" size="lg">
              Keep my plan
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            size="lg"
            pending={pending}
            onClick={() => {
              onConfirm();
              setOpen(false);
            }}
          >
            Cancel at period end
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Subscription({ myPlan }: { myPlan: MyPlanAnswer }) {
  const queryClient = useQueryClient();
  const catalogue = useQuery(plansQuery()).data;
  const [done, setDone] = useState<string | null>(null);
  const apply = (answer: MyPlanAnswer, message: string) => {
    queryClient.setQueryData(billingKeys.myPlan(), answer);
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    setDone(message);
  };
  const cancel = useMutation({
    mutationFn: localProviderApi.cancel,
    onSuccess: (answer) => apply(answer, "Done: your plan will not renew."),
  });
  const resume = useMutation({
    mutationFn: localProviderApi.resume,
    onSuccess: (answer) => apply(answer, "Your plan goes on: it renews as before."),
  });
  const change = useMutation({
    mutationFn: ({ tier, interval }: { tier: PurchasableTier; interval: BillingInterval }) =>
      localProviderApi.changePlan(tier, interval),
    onSuccess: (answer) => apply(answer, `Your plan is now the ${answer.label}.`),
  });
  const failure = cancel.error ?? resume.error ?? change.error;
  const sub = myPlan.subscription;
  if (!sub) return null;
  const plan = catalogue?.plans.find((p) => p.tier === sub.tier);
  const price = plan ? priceOf(plan, sub.interval) : null;
  const until = day(sub.currentPeriodEnd);

  return (
    <>
      {done ? (
        <Alert role="status" tone="success">
          {done}
        </Alert>
      ) : null}
      {failure ? (
        <Alert role="alert" tone="danger">
          {billingErrorText(failure)}
        </Alert>
      ) : null}
      <Card asChild padding="md" className="flex flex-col gap-4 sm:p-6">
        <section aria-labelledby="current-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2
              id="current-title"
              className="text-sm font-semibold text-slate-600 dark:text-slate-400"
            >
              Current plan
            </h2>
            {sub.cancelAtPeriodEnd ? (
              <Badge tone="warning">Ends {until}</Badge>
            ) : (
              <Badge tone="success">Active</Badge>
            )}
          </div>
          <div>
            <p className="text-2xl font-bold">{sub.label}</p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {INTERVAL_WORDS[sub.interval].adjective} billing
              {price !== null && catalogue
                ? ` · ${formatPrice(price, catalogue.currency)} / ${INTERVAL_WORDS[sub.interval].unit}`
                : ""}
            </p>
          </div>
          {sub.cancelAtPeriodEnd ? (
            <Alert
              tone="warning"
              className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span>Your plan stays active until {until}.</span>
              <Button
                variant="brand"
                size="lg"
                pending={resume.isPending}
                onClick={() => resume.mutate()}
              >
                Resume plan
              </Button>
            </Alert>
          ) : (
            <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {subscriptionLine(sub, day)}
              </p>
              <CancelDialog
                label={sub.label}
                until={until}
                pending={cancel.isPending}
                onConfirm={() => cancel.mutate()}
              />
            </div>
          )}
        </section>
      </Card>
      {catalogue ? (
        <Card asChild padding="md" className="flex flex-col gap-4 sm:p-6">
          <section aria-labelledby="change-title">
            <h2 id="change-title" className="text-lg font-bold">
              Change plan
            </h2>
            <ChangePlan
              catalogue={catalogue}
              subscription={sub}
              pending={change.isPending}
              onChange={(tier, interval) => change.mutate({ tier, interval })}
            />
          </section>
        </Card>
      ) : null}
    </>
  );
}

export function LocalPortal() {
  const { returnUrl } = useSearch({ from: "/billing/local/portal" });
  const returnTo = useReturnTo(returnUrl);
  const myPlan = useQuery(myPlanQuery());

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-2 sm:py-6">
      <BackLink to={returnTo} />
      <TestModeBanner>This is the local test provider's customer portal.</TestModeBanner>
      <h1 className="text-3xl font-extrabold tracking-tight">Manage your plan</h1>
      {myPlan.isPending ? (
        <p role="status" className="flex items-center gap-3">
          <Spinner /> Loading your plan…
        </p>
      ) : myPlan.isError ? (
        <Alert role="alert" tone="danger">
          {billingErrorText(myPlan.error)}
        </Alert>
      ) : myPlan.data.subscription && myPlan.data.subscription.status !== "canceled" ? (
        <Subscription myPlan={myPlan.data} />
      ) : (
        <Card className="flex flex-col items-start gap-4">
          <p>
            You have no subscription to manage. You are on the <strong>{myPlan.data.label}</strong>.
          </p>
          <Button asChild variant="brand" size="xl">
            <Link to="/web/subscribe">See the plans</Link>
          </Button>
        </Card>
      )}
    </div>
  );
}
