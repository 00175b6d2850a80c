/**
 * The profile's plan (issue 15): the plan's label as the header's account menu shows it, where
 * it comes from, a subscription's state, the credit balance when the plan has credits, and the
 * way to /web/billing (the plan, its subscription and the credit history).
 */
import type { MyPlanAnswer } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { Alert, buttonClasses } from "../../../ui/index.ts";
import { useMyPlan } from "../../billing/hooks/use-my-plan.ts";
import { billingErrorText } from "../../billing/lib/billing-errors.ts";
import {
  creditsText,
  hasCredits,
  planSourceText,
  subscriptionWords,
} from "../../billing/lib/plan-status.ts";
import { Section } from "./parts.tsx";

export function PlanSection() {
  const plan = useMyPlan();
  if (plan.isError) {
    return (
      <Alert role="alert" tone="warning">
        Your plan could not be loaded. {billingErrorText(plan.error)}
      </Alert>
    );
  }
  if (!plan.data) return null;
  return <PlanCard plan={plan.data} />;
}

function PlanCard({ plan }: { plan: MyPlanAnswer }) {
  const words = plan.subscription ? subscriptionWords(plan.subscription) : null;
  return (
    <Section id="profile-plan" title="Plan" description={planSourceText(plan)}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Your plan</dt>
          <dd className="text-lg font-bold" data-testid="profile-plan-label">
            {plan.label}
          </dd>
          {words ? (
            <dd className="text-sm text-slate-600 dark:text-slate-300">
              {words.label}: {words.detail}
            </dd>
          ) : null}
        </div>
        {hasCredits(plan) ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Credits</dt>
            <dd className="text-lg font-bold tabular-nums">
              {creditsText(plan.credits.balance)} left
            </dd>
          </div>
        ) : null}
      </dl>
      <div>
        <Link to="/web/billing" className={buttonClasses({ variant: "secondary", size: "lg" })}>
          Plan &amp; credits
        </Link>
      </div>
    </Section>
  );
}
