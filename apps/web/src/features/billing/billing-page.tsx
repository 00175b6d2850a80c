/**
 * /web/billing, "Plan & credits" (issue 15), for signed-in learners: the plan in force and where
 * it comes from, its subscription's state with the date that matters, the way to manage it (the
 * provider's portal) or to see the plans, and the credits: the balance, the next allowance and
 * the ledger. The route's loader has the plan, the ledger's first page and the catalogue.
 */
import { useQuery } from "@tanstack/react-query";
import { plansQuery } from "../../lib/queries.ts";
import { Alert, Spinner } from "../../ui/index.ts";
import { CreditsSection } from "./components/credits-ledger.tsx";
import { PlanSummary } from "./components/plan-summary.tsx";
import { useMyPlan } from "./hooks/use-my-plan.ts";
import { billingErrorText } from "./lib/billing-errors.ts";

export function BillingPage() {
  const plan = useMyPlan();
  // Only for what the plan includes: the page stands without it.
  const catalogue = useQuery(plansQuery());
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Plan &amp; credits</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Your plan, what it unlocks, and the credits you have for the AI tutor and the app builder.
        </p>
      </header>
      {plan.data ? (
        <>
          <PlanSummary
            plan={plan.data}
            details={catalogue.data?.plans.find((p) => p.tier === plan.data.tier)}
          />
          <CreditsSection plan={plan.data} />
        </>
      ) : plan.isError ? (
        <Alert role="alert" tone="danger">
          Your plan could not be loaded. {billingErrorText(plan.error)}
        </Alert>
      ) : (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Spinner /> Loading your plan…
        </p>
      )}
    </div>
  );
}
