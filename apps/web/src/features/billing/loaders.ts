/**
 * What the billing screens load before they render (ADR 0025): the plan catalogue, and the
 * learner's plan once the stored session is known. The catalogue is needed (the route's error
 * state says so if it fails); the learner's plan is not (the page then offers every plan, and the
 * server refuses a second subscription).
 */
import { myPlanQuery, plansQuery } from "../../lib/queries.ts";
import type { RouterContext } from "../../lib/router-context.ts";
import { localCheckoutQuery } from "./api/local-provider-client.ts";

export async function loadPlans(context: RouterContext): Promise<void> {
  const { queryClient } = context;
  const signedIn = context.auth
    .settled()
    .then(({ status }) =>
      status === "signedIn" ? queryClient.ensureQueryData(myPlanQuery()) : undefined,
    );
  await Promise.all([queryClient.ensureQueryData(plansQuery()), signedIn.catch(() => undefined)]);
}

/** The local portal: the learner's plan and the catalogue (for changing plan), if signed in. */
export async function loadPortal(context: RouterContext): Promise<void> {
  if ((await context.auth.settled()).status !== "signedIn") return;
  const { queryClient } = context;
  await Promise.allSettled([
    queryClient.ensureQueryData(myPlanQuery()),
    queryClient.ensureQueryData(plansQuery()),
  ]);
}

/** The local provider's checkout page: its session, once the stored session is known. */
export async function loadLocalCheckout(context: RouterContext, sessionId: string): Promise<void> {
  await context.auth.settled();
  await Promise.allSettled([context.queryClient.ensureQueryData(localCheckoutQuery(sessionId))]);
}
