/**
 * Mounted once in the shell (issue 15). Keeps the learner's plan current without refetching on
 * focus (spec section 9): it is asked afresh on the way to /web/billing and to
 * /web/purchase-successful (where a checkout or the portal brings the learner back), and dropped
 * when the signed-in account changes, so nobody sees another account's plan. While a payment has
 * failed it shows the banner (past-due-banner.tsx) on every screen but a lesson, where the
 * editor needs the room (as for the verify banner).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef } from "react";
import { billingKeys } from "../../../lib/queries.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { useMyPlan } from "../hooks/use-my-plan.ts";

// Only a learner whose payment failed loads the banner's code (the shell's weight counts).
const PastDueBanner = lazy(() =>
  import("./past-due-banner.tsx").then((m) => ({ default: m.PastDueBanner })),
);

/** Where a learner returns from checkout or the portal: the plan may have changed there. */
const REFRESHED_ON = new Set(["/web/billing", "/web/purchase-successful"]);

function useFreshPlan() {
  const router = useRouter();
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const lastUser = useRef(userId);

  useEffect(
    () =>
      router.subscribe("onBeforeLoad", ({ toLocation, pathChanged }) => {
        if (!pathChanged || !REFRESHED_ON.has(toLocation.pathname)) return;
        void client.invalidateQueries({ queryKey: billingKeys.myPlan() });
        void client.invalidateQueries({ queryKey: billingKeys.credits() });
      }),
    [router, client],
  );

  useEffect(() => {
    if (lastUser.current === userId) return;
    if (lastUser.current !== null) {
      client.removeQueries({ queryKey: billingKeys.myPlan() });
      client.removeQueries({ queryKey: billingKeys.credits() });
    }
    lastUser.current = userId;
  }, [userId, client]);
}

export function PlanWatch() {
  useFreshPlan();
  const plan = useMyPlan().data;
  const onLesson = useRouterState({
    select: (s) => s.matches.some((m) => m.staticData?.screen?.startsWith("lesson")),
  });
  if (plan?.subscription?.status !== "past_due" || onLesson) return null;
  return (
    <Suspense fallback={null}>
      <PastDueBanner plan={plan} />
    </Suspense>
  );
}
