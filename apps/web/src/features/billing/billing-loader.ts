/**
 * What /web/billing loads before it renders (ADR 0025), once a stored session is known: the
 * learner's plan (the screen's own: if it fails, the route's error state says so, offline
 * included), and, without failing the screen, the first page of the credit ledger and the plan
 * catalogue (what the plan includes). The shell's plan-watch.tsx has already marked the plan and
 * the ledger stale on the way here, so a learner back from checkout or the portal sees the change.
 */
import { creditsQuery, myPlanQuery, plansQuery } from "../../lib/queries.ts";
import type { RouterContext } from "../../lib/router-context.ts";

export async function loadBilling(context: RouterContext): Promise<void> {
  if ((await context.auth.settled()).status !== "signedIn") return;
  const { queryClient } = context;
  await Promise.all([
    queryClient.ensureQueryData(myPlanQuery()),
    Promise.allSettled([
      queryClient.ensureInfiniteQueryData(creditsQuery()),
      queryClient.ensureQueryData(plansQuery()),
    ]),
  ]);
}
