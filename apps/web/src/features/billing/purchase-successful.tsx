/**
 * /web/purchase-successful?session={id} (issue 15): where checkout returns. The plan is in force
 * only once the provider's webhook reached the server, so the page polls the checkout's status
 * (lib/purchase-wait.ts) and then thanks the learner (components/plan-unlocked.tsx). A status
 * that stays pending gets a calm word and a way on, never a dead end.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { billingKeys } from "../../lib/queries.ts";
import { Alert, Button, Card, Spinner } from "../../ui/index.ts";
import { PlanUnlocked } from "./components/plan-unlocked.tsx";
import { SupportLine } from "./components/support-line.tsx";
import { useCheckoutStatus } from "./hooks/use-checkout-status.ts";
import { useGoTo } from "./hooks/use-go-to.ts";
import { useReturnTo } from "./hooks/use-return-to.ts";
import { billingErrorText } from "./lib/billing-errors.ts";
import { continueTarget } from "./lib/return-to.ts";

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="purchase-title" className="mx-auto w-full max-w-lg py-6 sm:py-10">
      <h1 id="purchase-title" className="text-3xl font-extrabold tracking-tight">
        {title}
      </h1>
      <Card className="mt-6 flex flex-col gap-4">{children}</Card>
    </section>
  );
}

function PlansLink({ redirectUrl }: { redirectUrl?: string | undefined }) {
  return (
    <Button asChild variant="secondary" size="xl">
      <Link to="/web/subscribe" search={{ redirectUrl }}>
        See the plans
      </Link>
    </Button>
  );
}

function PurchaseStatus({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  const { status, phase } = useCheckoutStatus(sessionId);
  const answer = status.data;
  const returnTo = useReturnTo(answer?.redirectUrl);
  const target = continueTarget(returnTo);

  // The plan changed what every screen may show (a locked lesson, the account's badge).
  useEffect(() => {
    if (phase !== "active") return;
    void queryClient.invalidateQueries({ refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: billingKeys.myPlan() });
  }, [phase, queryClient]);

  if (status.isError && !answer) {
    const gone = isApiError(status.error, "not_found") || isApiError(status.error, "forbidden");
    return (
      <Frame title={gone ? "We could not find this purchase" : "We could not check your purchase"}>
        <Alert role="alert" tone={gone ? "warning" : "danger"}>
          {billingErrorText(status.error)}
        </Alert>
        {gone ? null : (
          <Button
            variant="brand"
            size="xl"
            pending={status.isFetching}
            onClick={() => status.refetch()}
          >
            Check again
          </Button>
        )}
        <PlansLink />
        <SupportLine reference={sessionId} />
      </Frame>
    );
  }
  if (phase === "active" && answer) {
    return <PlanUnlocked tier={answer.tier} label={answer.label} target={target} />;
  }
  if (phase === "expired") {
    return (
      <Frame title="This checkout has expired">
        <p>It ended before a payment was made, so nothing was charged.</p>
        <PlansLink redirectUrl={returnTo} />
        <SupportLine reference={sessionId} />
      </Frame>
    );
  }
  if (phase === "slow") {
    return (
      <Frame title="Your payment is on its way">
        <p role="status">
          We have not heard back from the payment provider yet. This can take a few minutes. Your
          plan turns on by itself once the payment is confirmed, and this page keeps checking.
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          If you did not finish paying, nothing was charged: you can choose a plan again.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="brand"
            size="lg"
            pending={status.isFetching}
            onClick={() => status.refetch()}
          >
            Check again
          </Button>
          <Button variant="secondary" size="lg" onClick={() => goTo(target)}>
            Keep learning meanwhile
          </Button>
        </div>
        <SupportLine reference={sessionId} />
      </Frame>
    );
  }
  return (
    <Frame title="Finishing your purchase…">
      <p role="status" className="flex items-center gap-3">
        <Spinner />
        {answer ? `Turning on your ${answer.label}.` : "Checking your payment."} This usually takes
        a few seconds.
      </p>
    </Frame>
  );
}

export function PurchaseSuccessful() {
  const { session } = useSearch({ from: "/web/purchase-successful" });
  if (!session) {
    return (
      <Frame title="We could not find this purchase">
        <p>
          This address does not name a checkout. If you just paid, your plan turns on by itself: the
          plans page shows the plan you are on.
        </p>
        <PlansLink />
        <SupportLine />
      </Frame>
    );
  }
  return <PurchaseStatus sessionId={session} />;
}
