/**
 * /web2app/success (issue 15): the web-to-app flow's last step. The plan is paid for; the learner
 * gets the app from the store links and signs in there with the same account. With `session`
 * (where checkout returns) it also waits for the plan to be in force, as the purchase page does.
 */
import type { CheckoutStatusAnswer } from "@lumen/contracts";
import { useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { track } from "../../analytics/track.ts";
import { Alert, Button, Card, Spinner } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { StoreLinks } from "./components/store-links.tsx";
import { SupportLine } from "./components/support-line.tsx";
import { Web2AppSteps } from "./components/web2app-steps.tsx";
import { useCheckoutStatus } from "./hooks/use-checkout-status.ts";
import { useGoTo } from "./hooks/use-go-to.ts";
import { useReturnTo } from "./hooks/use-return-to.ts";
import type { PurchasePhase } from "./lib/purchase-wait.ts";
import { continueTarget } from "./lib/return-to.ts";

function PlanState({ sessionId }: { sessionId: string }) {
  const { status, phase } = useCheckoutStatus(sessionId);
  if (status.isError) return null;
  return <PlanStateLine answer={status.data} phase={phase} sessionId={sessionId} />;
}

function PlanStateLine({
  answer,
  phase,
  sessionId,
}: {
  answer: CheckoutStatusAnswer | undefined;
  phase: PurchasePhase;
  sessionId: string;
}) {
  if (phase === "active" && answer) {
    return (
      <Alert role="status" tone="success">
        Your <strong>{answer.label}</strong> is active.
      </Alert>
    );
  }
  if (phase === "expired") {
    return (
      <Alert role="status" tone="warning">
        This checkout expired before it was paid, so nothing was charged.
      </Alert>
    );
  }
  return (
    <Alert role="status" tone="info" className="flex flex-col gap-2">
      <span className="flex items-center gap-2">
        <Spinner /> Turning on your plan…
      </span>
      {phase === "slow" ? (
        <div className="flex flex-col gap-1">
          <p>
            The payment provider has not confirmed yet; your plan turns on by itself once it does.
          </p>
          <SupportLine reference={sessionId} />
        </div>
      ) : null}
    </Alert>
  );
}

export function Web2AppSuccess() {
  const { session, redirectUrl } = useSearch({ from: "/web2app/success" });
  const returnTo = useReturnTo(redirectUrl);
  const { status, user } = useAuth();
  const goTo = useGoTo();
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track("web2app_step", { step: "success" });
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <Web2AppSteps current={3} />
      <section aria-labelledby="success-title" className="mx-auto w-full max-w-lg">
        <h1 id="success-title" className="text-3xl font-extrabold tracking-tight">
          You are all set
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Get the app and sign in with the same account
          {user?.email ? (
            <>
              {" "}
              (<strong className="break-all">{user.email}</strong>)
            </>
          ) : null}
          : your plan and your progress are waiting there.
        </p>
        <Card className="mt-6 flex flex-col gap-5">
          {session && status === "signedIn" ? <PlanState sessionId={session} /> : null}
          <h2 className="font-semibold">Get the app</h2>
          <StoreLinks />
        </Card>
        <div className="mt-6 flex flex-col items-center gap-3">
          <Button variant="ghost" size="lg" onClick={() => goTo(continueTarget(returnTo))}>
            Keep learning in the browser
          </Button>
        </div>
      </section>
    </div>
  );
}
