/**
 * The local portal's change of plan: pick a tier and a billing period, see the new price, and
 * move to it (an upgrade or a downgrade, said on the button).
 */
import type {
  BillingInterval,
  Plan,
  PlansAnswer,
  PurchasableTier,
  SubscriptionView,
} from "@lumen/contracts";
import { formatPrice, isPurchasableTier } from "@lumen/core";
import { useState } from "react";
import { Button } from "../../../ui/index.ts";
import { bestYearlySaving, comparedPlans, priceOf } from "../lib/plan-offers.ts";
import { changeLabel, INTERVAL_WORDS, planChange } from "../lib/subscription-view.ts";
import { IntervalSwitch } from "./interval-switch.tsx";

export function ChangePlan({
  catalogue,
  subscription,
  pending,
  onChange,
}: {
  catalogue: PlansAnswer;
  subscription: SubscriptionView;
  pending: boolean;
  onChange: (tier: PurchasableTier, interval: BillingInterval) => void;
}) {
  const plans = comparedPlans(catalogue.plans).filter(
    (plan): plan is Plan & { tier: PurchasableTier } => isPurchasableTier(plan.tier),
  );
  const [tier, setTier] = useState<PurchasableTier>(
    isPurchasableTier(subscription.tier) ? subscription.tier : "tier-0",
  );
  const [interval, setBillingInterval] = useState<BillingInterval>(subscription.interval);
  const change = planChange(subscription, { tier, interval });
  const label = plans.find((plan) => plan.tier === tier)?.label ?? "";

  return (
    <div className="flex flex-col gap-4">
      <div>
        <IntervalSwitch
          value={interval}
          onChange={setBillingInterval}
          bestSaving={bestYearlySaving(plans)}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Plan</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {plans.map((plan) => {
            const checked = plan.tier === tier;
            const price = priceOf(plan, interval);
            return (
              <label
                key={plan.tier}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border-2 px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
                  checked
                    ? "border-brand-500 bg-brand-50 dark:bg-brand-500/15"
                    : "border-slate-200 bg-white hover:border-slate-300 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600"
                }`}
              >
                <input
                  type="radio"
                  name="portal-tier"
                  value={plan.tier}
                  checked={checked}
                  onChange={() => setTier(plan.tier)}
                  className="h-4 w-4 shrink-0 accent-brand-600 focus-visible:outline-none"
                />
                <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-semibold">
                    {plan.label}
                    {plan.tier === subscription.tier ? (
                      <span className="font-normal text-slate-600 dark:text-slate-400">
                        {" "}
                        (yours)
                      </span>
                    ) : null}
                  </span>
                  {price !== null ? (
                    <span className="text-slate-600 tabular-nums dark:text-slate-400">
                      {formatPrice(price, catalogue.currency)} / {INTERVAL_WORDS[interval].unit}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <Button
        variant={change === "downgrade" || change === "none" ? "secondary" : "brand"}
        size="xl"
        pending={pending}
        disabled={change === "none"}
        onClick={() => onChange(tier, interval)}
        className="sm:self-start"
      >
        {changeLabel(change, label, interval)}
      </Button>
    </div>
  );
}
