/**
 * The signed-in learner's plan above the plans: its label, where the subscription stands, and
 * the two ways on: "Manage plan" (the provider's portal, for a plan paid for already) and
 * "Continue with current plan".
 */
import type { MyPlanAnswer } from "@lumen/contracts";
import { Badge, Button, Card } from "../../../ui/index.ts";
import { formatDay, subscriptionLine } from "../lib/subscription-view.ts";

export function CurrentPlanBar({
  myPlan,
  live,
  managing,
  disabled,
  onManage,
  onContinue,
}: {
  myPlan: MyPlanAnswer;
  live: boolean;
  managing: boolean;
  disabled: boolean;
  onManage: () => void;
  onContinue: () => void;
}) {
  const subscription = myPlan.subscription;
  return (
    <Card
      asChild
      padding="md"
      className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <section aria-labelledby="current-plan-title">
        <div>
          <h2 id="current-plan-title" className="flex flex-wrap items-center gap-2 font-semibold">
            Your plan: {myPlan.label}
            {myPlan.source === "grant" ? <Badge tone="brand">Granted to you</Badge> : null}
          </h2>
          {subscription ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {subscriptionLine(subscription, formatDay())}
            </p>
          ) : myPlan.tier === "free" ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              The first section of every track is yours to learn for free.
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {live ? (
            <Button
              variant="brand"
              size="lg"
              pending={managing}
              disabled={disabled}
              onClick={onManage}
            >
              Manage plan
            </Button>
          ) : null}
          <Button variant="secondary" size="lg" disabled={disabled} onClick={onContinue}>
            Continue with current plan
          </Button>
        </div>
      </section>
    </Card>
  );
}
