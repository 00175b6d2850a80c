/**
 * /billing/local/checkout/$sessionId (issue 15): the local payment provider's checkout page, the
 * stand-in for Stripe's hosted page when BILLING_PROVIDER=local. It shows the plan and price,
 * says plainly that nothing real is paid, takes one of the three test cards, and ends as the
 * card says: paid (on to the success page the API names), declined (say so, try again), or an
 * extra confirmation step first (approve or fail), like 3-D Secure.
 */
import type { LocalCheckoutAnswer, LocalPayAnswer } from "@lumen/contracts";
import { formatPrice } from "@lumen/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useParams, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { config } from "../../lib/config.ts";
import { Alert, Button, Card, Spinner, textLinkClasses } from "../../ui/index.ts";
import { localCheckoutQuery, localProviderApi } from "./api/local-provider-client.ts";
import { ActionStep } from "./components/action-step.tsx";
import { CardForm } from "./components/card-form.tsx";
import { SupportLine } from "./components/support-line.tsx";
import { TestModeBanner } from "./components/test-mode-banner.tsx";
import { useGoTo } from "./hooks/use-go-to.ts";
import { billingErrorText } from "./lib/billing-errors.ts";
import { INTERVAL_WORDS } from "./lib/subscription-view.ts";
import { payBody } from "./lib/test-card.ts";

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 py-2 sm:py-6">
      <TestModeBanner>This is the local test provider's checkout.</TestModeBanner>
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

function Summary({ session, onCancel }: { session: LocalCheckoutAnswer; onCancel: () => void }) {
  const price = formatPrice(session.amount, session.currency);
  return (
    <Card asChild padding="md" className="flex flex-col gap-4 self-start">
      <section aria-labelledby="order-title">
        <h2 id="order-title" className="text-sm font-semibold text-slate-600 dark:text-slate-400">
          {config.productName} subscription
        </h2>
        <div>
          <p className="text-xl font-bold">{session.label}</p>
          <p className="mt-1">
            <span className="text-3xl font-extrabold tracking-tight tabular-nums">{price}</span>
            <span className="ml-1 text-slate-600 dark:text-slate-400">
              / {INTERVAL_WORDS[session.interval].unit}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {INTERVAL_WORDS[session.interval].adjective} billing, cancel any time.
          </p>
        </div>
        <dl className="border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
          <dt className="text-slate-600 dark:text-slate-400">Account</dt>
          <dd className="font-medium break-all">{session.email}</dd>
        </dl>
        <Button variant="ghost" size="sm" className="self-start" onClick={onCancel}>
          ← Cancel and go back
        </Button>
      </section>
    </Card>
  );
}

function Payment({ session, sessionId }: { session: LocalCheckoutAnswer; sessionId: string }) {
  const goTo = useGoTo();
  const [needsAction, setNeedsAction] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [answering, setAnswering] = useState<"approve" | "fail" | null>(null);

  const settle = (answer: LocalPayAnswer) => {
    if (answer.outcome === "succeeded") {
      goTo(answer.successUrl ?? "/web/subscribe", { replace: true });
      // Leaving: stay pending until the success page takes over.
      return new Promise<never>(() => {});
    }
    setAnswering(null);
    if (answer.outcome === "requires_action") {
      setDeclined(null);
      setNeedsAction(answer.message);
    } else {
      setNeedsAction(null);
      setDeclined(answer.message);
    }
    return answer;
  };

  const pay = useMutation({
    mutationFn: async (body: Parameters<typeof payBody>[0]) =>
      settle(await localProviderApi.pay(sessionId, payBody(body))),
  });
  const action = useMutation({
    mutationFn: async (approve: boolean) => {
      setAnswering(approve ? "approve" : "fail");
      try {
        return settle(await localProviderApi.confirmAction(sessionId, approve));
      } catch (error) {
        setAnswering(null);
        throw error;
      }
    },
  });
  const failure = pay.error ?? action.error;
  const price = formatPrice(session.amount, session.currency);

  return (
    <Card asChild padding="md" className="sm:p-6">
      <section aria-label="Payment">
        {needsAction !== null ? (
          <>
            {failure ? (
              <Alert role="alert" tone="danger" className="mb-4">
                {billingErrorText(failure)}
              </Alert>
            ) : null}
            <ActionStep
              amount={price}
              message={needsAction}
              pending={answering}
              onAnswer={(approve) => action.mutate(approve)}
            />
          </>
        ) : null}
        {/* Kept while the extra step shows, so a failed check comes back to the card typed. */}
        <div hidden={needsAction !== null}>
          <CardForm
            payLabel={`Pay ${price}`}
            pending={pay.isPending}
            error={declined ?? (failure ? billingErrorText(failure) : null)}
            onPay={(card) => {
              setDeclined(null);
              pay.mutate(card);
            }}
          />
        </div>
      </section>
    </Card>
  );
}

export function LocalCheckout() {
  const { sessionId } = useParams({ from: "/billing/local/checkout/$sessionId" });
  const here = useRouterState({ select: (state) => state.location.href });
  const goTo = useGoTo();
  const session = useQuery(localCheckoutQuery(sessionId));

  if (session.isPending) {
    return (
      <Page title="Checkout">
        <p role="status" className="flex items-center gap-3">
          <Spinner /> Loading your checkout…
        </p>
      </Page>
    );
  }
  if (session.isError) {
    const signedOut = isApiError(session.error, "unauthenticated");
    return (
      <Page title={signedOut ? "Sign in to pay" : "We could not open this checkout"}>
        <Alert role="alert" tone="warning">
          {billingErrorText(session.error)}
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          {signedOut ? (
            <Button asChild variant="brand" size="xl">
              <Link to="/web/login" search={{ redirectUrl: here }}>
                Sign in
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="secondary" size="xl">
            <Link to="/web/subscribe">See the plans</Link>
          </Button>
        </div>
        <SupportLine reference={sessionId} />
      </Page>
    );
  }
  const data = session.data;
  const cancel = () => goTo(data.cancelUrl);
  if (data.status !== "open") {
    const paid = data.status === "complete";
    return (
      <Page title={paid ? "This checkout is already paid" : "This checkout has expired"}>
        <p>
          {paid
            ? `Your ${data.label} was paid for with this checkout. There is nothing more to do here.`
            : "It ended before a payment was made, so nothing was charged."}
        </p>
        <div>
          <Button asChild variant="brand" size="xl">
            <Link to="/web/subscribe">{paid ? "See your plan" : "Choose a plan again"}</Link>
          </Button>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Complete your purchase">
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Summary session={data} onCancel={cancel} />
        <Payment session={data} sessionId={sessionId} />
      </div>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Payments here go to {config.productName}'s local test provider.{" "}
        <a href={`mailto:${config.supportEmail}`} className={textLinkClasses}>
          Questions?
        </a>
      </p>
    </Page>
  );
}
