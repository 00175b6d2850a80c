/**
 * What /web/profile loads before it renders (ADR 0025): the learner's progress (daily goal, time
 * zone), stats and plan (issue 15), once a stored session is known. Any may fail without failing
 * the screen: the screen says which part could not be loaded.
 */
import { learnerStatsQuery, myPlanQuery, progressQuery } from "../../lib/queries.ts";
import type { RouterContext } from "../../lib/router-context.ts";

export async function loadProfile(context: RouterContext): Promise<void> {
  if ((await context.auth.settled()).status !== "signedIn") return;
  const { queryClient } = context;
  await Promise.allSettled([
    queryClient.ensureQueryData(progressQuery()),
    queryClient.ensureQueryData(learnerStatsQuery()),
    queryClient.ensureQueryData(myPlanQuery()),
  ]);
}
