/**
 * The shell's banner while a payment has failed (issue 15; plan-watch.tsx decides when): the
 * plan holds until the grace date, and "Update your card" opens the provider's portal, which
 * brings the learner back to the screen they were on.
 */
import type { MyPlanAnswer } from "@lumen/contracts";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button } from "../../../ui/index.ts";
import { billingApi } from "../api/billing-client.ts";
import { useGoTo } from "../hooks/use-go-to.ts";
import { billingErrorText } from "../lib/billing-errors.ts";
import { pastDueNotice } from "../lib/plan-status.ts";

export function PastDueBanner({ plan }: { plan: MyPlanAnswer }) {
  const goTo = useGoTo();
  // The banner stays in the shell on the way to the portal (the local provider's is a page of
  // this app), so the button is done once the way is known, not when the page unloads.
  const portal = useMutation({
    mutationFn: () => billingApi.portal(`${location.pathname}${location.search}`),
    onSuccess: ({ url }) => goTo(url),
  });
  const notice = pastDueNotice(plan);
  if (!notice) return null;
  return (
    <section aria-labelledby="past-due-title" className="mx-auto w-full max-w-6xl px-4 pt-4">
      <Alert tone="danger" className="flex flex-col gap-3 shadow-sm sm:flex-row sm:items-center">
        {/* Not a heading: the banner comes before the screen's own h1. */}
        <p id="past-due-title" className="min-w-0 flex-1 font-semibold">
          {notice}
        </p>
        <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
          <Button
            size="sm"
            variant="danger"
            pending={portal.isPending}
            onClick={() => portal.mutate()}
          >
            Update your card
          </Button>
          {portal.isError ? (
            <p role="alert" className="text-sm">
              {billingErrorText(portal.error)}
            </p>
          ) : null}
        </div>
      </Alert>
    </section>
  );
}
