/**
 * One plan on the plans page: its label as the API gives it, the price for the chosen interval
 * (a yearly price also per month, with the saving), what it unlocks, and its one action.
 */
import type { BillingInterval, Plan } from "@lumen/contracts";
import { formatPrice } from "@lumen/core";
import { Badge, Button, Card } from "../../../ui/index.ts";
import {
  type PlanAction,
  perMonth,
  planFeatures,
  priceOf,
  yearlySavingPercent,
} from "../lib/plan-offers.ts";
import { FeatureList } from "./feature-list.tsx";

export interface PlanCardProps {
  plan: Plan;
  interval: BillingInterval;
  currency: string;
  action: PlanAction;
  /** The plan that opens the lesson the learner came from. */
  unlocksLesson?: boolean;
  /** Another card is pointed out: this one's button steps back. */
  quiet?: boolean;
  /** This card's action is under way. */
  pending?: boolean;
  /** Another card's action is under way. */
  disabled?: boolean;
  onChoose: (plan: Plan) => void;
  onManage: () => void;
}

function Price({
  plan,
  interval,
  currency,
}: Pick<PlanCardProps, "plan" | "interval" | "currency">) {
  const amount = priceOf(plan, interval);
  if (amount === null) {
    return (
      <p className="mt-4">
        <span className="text-3xl font-extrabold tracking-tight">{formatPrice(0, currency)}</span>
        <span className="ml-1 text-sm text-slate-600 dark:text-slate-400">forever</span>
        <span className="mt-1 block min-h-5 text-sm text-slate-600 dark:text-slate-400">
          No card needed
        </span>
      </p>
    );
  }
  const saving = yearlySavingPercent(plan);
  return (
    <div className="mt-4">
      <p>
        <span className="text-3xl font-extrabold tracking-tight tabular-nums">
          {formatPrice(interval === "year" ? perMonth(amount) : amount, currency)}
        </span>
        <span className="ml-1 text-sm text-slate-600 dark:text-slate-400">/ month</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {interval === "year" ? (
          <>
            {formatPrice(amount, currency)} billed yearly
            {saving ? (
              <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                {" "}
                · save {saving}%
              </span>
            ) : null}
          </>
        ) : (
          "Billed monthly"
        )}
      </p>
    </div>
  );
}

function Action({
  plan,
  action,
  quiet,
  pending,
  disabled,
  onChoose,
  onManage,
}: Pick<
  PlanCardProps,
  "plan" | "action" | "quiet" | "pending" | "disabled" | "onChoose" | "onManage"
>) {
  switch (action) {
    case "choose":
      return (
        <Button
          variant={quiet ? "secondary" : "brand"}
          size="xl"
          className="w-full"
          pending={pending}
          disabled={disabled}
          onClick={() => onChoose(plan)}
        >
          Choose {plan.label}
        </Button>
      );
    case "manage":
      return (
        <Button
          variant="secondary"
          size="xl"
          className="w-full"
          pending={pending}
          disabled={disabled}
          onClick={onManage}
        >
          Manage plan<span className="sr-only"> to switch to {plan.label}</span>
        </Button>
      );
    case "current":
      return (
        <p className="flex min-h-11 items-center justify-center rounded-xl bg-slate-100 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          Your current plan
        </p>
      );
    case "included":
      return (
        <p className="flex min-h-11 items-center justify-center text-sm text-slate-600 dark:text-slate-400">
          Included in your plan
        </p>
      );
    default:
      return null;
  }
}

export function PlanCard(props: PlanCardProps) {
  const { plan, action, unlocksLesson = false } = props;
  const titleId = `plan-${plan.tier}`;
  const current = action === "current";
  return (
    <Card
      asChild
      padding="md"
      className={`flex flex-col ${
        unlocksLesson && !current
          ? "ring-2 ring-brand-500 dark:ring-brand-400"
          : current
            ? "ring-2 ring-emerald-500 dark:ring-emerald-400"
            : ""
      }`}
    >
      <article aria-labelledby={titleId} data-tier={plan.tier}>
        <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-bold">
            {plan.label}
          </h2>
          {current ? (
            <Badge tone="success">Your plan</Badge>
          ) : unlocksLesson ? (
            <Badge tone="brand">Unlocks your lesson</Badge>
          ) : null}
        </div>
        <Price plan={plan} interval={props.interval} currency={props.currency} />
        <div className="mt-5 mb-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          <FeatureList features={planFeatures(plan)} />
        </div>
        <div className="mt-auto">
          <Action {...props} />
        </div>
      </article>
    </Card>
  );
}
