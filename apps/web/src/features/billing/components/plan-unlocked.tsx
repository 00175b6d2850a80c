/**
 * The thank-you once a plan is in force: the plan, what it unlocked, and "Continue" back where
 * the learner came from, which also happens by itself after a few seconds unless they choose to
 * stay (a timed move must be one the learner can stop).
 */
import type { PlanTier } from "@lumen/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { plansQuery } from "../../../lib/queries.ts";
import { Button, Card } from "../../../ui/index.ts";
import { useGoTo } from "../hooks/use-go-to.ts";
import { isLessonPath, planFeatures } from "../lib/plan-offers.ts";
import { AUTO_CONTINUE_SECONDS } from "../lib/purchase-wait.ts";
import { FeatureList } from "./feature-list.tsx";
import { CheckIcon } from "./icons.tsx";

export function PlanUnlocked({
  tier,
  label,
  target,
}: {
  tier: PlanTier;
  label: string;
  /** Where "Continue" goes (already through the allow-list). */
  target: string;
}) {
  const goTo = useGoTo();
  const catalogue = useQuery(plansQuery()).data;
  const plan = catalogue?.plans.find((p) => p.tier === tier);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(AUTO_CONTINUE_SECONDS);

  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft <= 0) {
      goTo(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => (s === null ? s : s - 1)), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft, goTo, target]);

  const backToLesson = isLessonPath(target);
  return (
    <section aria-labelledby="purchase-title" className="mx-auto w-full max-w-lg py-6 sm:py-10">
      <div className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
        <CheckIcon className="h-8 w-8" />
      </div>
      <h1 id="purchase-title" className="mt-4 text-3xl font-extrabold tracking-tight">
        Thank you!
      </h1>
      <p role="status" className="mt-2 text-lg text-slate-700 dark:text-slate-200">
        Your <strong>{label}</strong> is active.
      </p>
      <Card className="mt-6">
        <h2 className="font-semibold">What it unlocked</h2>
        <div className="mt-4">
          {plan ? (
            <FeatureList features={planFeatures(plan).filter((f) => f.included)} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Everything in the {label}.</p>
          )}
        </div>
      </Card>
      <div className="mt-6 flex flex-col gap-3">
        <Button variant="brand" size="xl" onClick={() => goTo(target, { replace: true })}>
          {backToLesson ? "Continue to your lesson" : "Continue"}
        </Button>
        {secondsLeft !== null ? (
          <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
            <span>
              Taking you there in {secondsLeft} {secondsLeft === 1 ? "second" : "seconds"}.
            </span>
            <Button variant="ghost" size="sm" onClick={() => setSecondsLeft(null)}>
              Stay on this page
            </Button>
          </p>
        ) : null}
      </div>
    </section>
  );
}
