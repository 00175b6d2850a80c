/**
 * The billing page's plan card (issue 15): the plan's label, where it comes from, the
 * subscription's state and its date, what the plan includes (from the catalogue, when it came),
 * and one way on: "Manage plan" (the provider's portal, where the plan is changed or canceled)
 * for a subscription still running, else "See plans".
 */
import type { MyPlanAnswer, Plan } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { Alert, Badge, Button, Card } from "../../../ui/index.ts";
import { useOpenPortal } from "../hooks/use-open-portal.ts";
import { billingErrorText } from "../lib/billing-errors.ts";
import { planFeatures } from "../lib/plan-offers.ts";
import { canManage, planSourceText, subscriptionWords, type Tone } from "../lib/plan-status.ts";

const BADGE_TONE = {
  neutral: "neutral",
  info: "brand",
  success: "success",
  warning: "warning",
  danger: "warning",
} as const satisfies Record<Tone, "neutral" | "brand" | "success" | "warning">;

export function PlanSummary({ plan, details }: { plan: MyPlanAnswer; details?: Plan }) {
  const portal = useOpenPortal();
  const subscription = plan.subscription;
  const words = subscription ? subscriptionWords(subscription) : null;
  const manage = canManage(plan);
  return (
    <Card asChild className="sm:p-6">
      <section aria-labelledby="plan-title">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Your plan
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="plan-title" className="text-2xl font-bold tracking-tight">
            {plan.label}
          </h2>
          {words ? (
            <Badge tone={BADGE_TONE[words.tone]} size="md" data-testid="subscription-status">
              {words.label}
            </Badge>
          ) : null}
        </div>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{planSourceText(plan)}</p>
        {subscription && words ? (
          <Alert
            tone={words.tone}
            size="sm"
            className="mt-4"
            role={words.tone === "danger" ? "alert" : undefined}
          >
            {subscription.tier !== plan.tier ? (
              <span className="font-semibold">Your subscription, {subscription.label}: </span>
            ) : null}
            {words.detail}
          </Alert>
        ) : null}
        {details ? (
          <ul aria-label={`What ${plan.label} includes`} className="mt-5 grid gap-2 sm:grid-cols-2">
            {planFeatures(details).map((feature) => (
              <li key={feature.key} className="flex items-start gap-2 text-sm">
                <span
                  aria-hidden="true"
                  className={
                    feature.included
                      ? "font-bold text-emerald-600 dark:text-emerald-400"
                      : "text-slate-400 dark:text-slate-500"
                  }
                >
                  {feature.included ? "✓" : "–"}
                </span>
                <span className={feature.included ? "" : "text-slate-500 dark:text-slate-400"}>
                  {feature.text}
                  {feature.included ? null : <span className="sr-only"> (not included)</span>}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {manage ? (
            <Button
              variant="brand"
              size="lg"
              pending={portal.isPending}
              onClick={() => portal.mutate()}
            >
              Manage plan
            </Button>
          ) : (
            <Button asChild variant="brand" size="lg">
              <Link to="/web/subscribe" search={{}}>
                See plans
              </Link>
            </Button>
          )}
        </div>
        {portal.isError ? (
          <Alert role="alert" tone="danger" size="sm" className="mt-3">
            {billingErrorText(portal.error)}
          </Alert>
        ) : null}
      </section>
    </Card>
  );
}
