/**
 * /web/daily-goal?trackId&tutorialId&chapterId&sectionIndex&prevXPCount (issue 7): shown after a
 * chapter. Today's XP counts up from what it was before the chapter, the goal ring fills, the
 * streak shows if it grew, and "Continue" leads to the next lesson. The goal can be changed here.
 */
import { DAILY_GOAL_OPTIONS, type DailyGoalXp } from "@lumen/contracts";
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { motionReduced } from "../../lib/motion.ts";
import { progressQuery } from "../../lib/queries.ts";
import { useSound } from "../../notifications/sound-provider.tsx";
import { Button, Card, Spinner, Tile } from "../../ui/index.ts";
import { FlameIcon } from "./components/icons.tsx";
import { GoalRing, HrefLink, Problem } from "./components/parts.tsx";
import { nextStep, nextStepHref } from "./lib/next-step.ts";
import { useSetDailyGoal, useTrackOutline } from "./lib/queries.ts";

const route = getRouteApi("/web/daily-goal");

const GOAL_NAMES: Record<DailyGoalXp, string> = {
  10: "Casual",
  20: "Regular",
  30: "Serious",
  50: "Intense",
};

/** Counts from `from` to `to` over about a second; jumps straight there for reduced motion. */
function useCountUp(from: number, to: number): number {
  const [value, setValue] = useState(from);
  useEffect(() => {
    if (from >= to || motionReduced()) {
      setValue(to);
      return;
    }
    const started = performance.now();
    const duration = Math.min(1400, 400 + (to - from) * 40);
    let frame = requestAnimationFrame(function step(now) {
      const t = Math.min(1, (now - started) / duration);
      setValue(Math.round(from + (to - from) * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [from, to]);
  return value;
}

function GoalPicker({ current }: { current: number }) {
  const setGoal = useSetDailyGoal();
  return (
    <Card asChild>
      <section aria-labelledby="goal-title">
        <h2 id="goal-title" className="text-lg font-bold">
          Your daily goal
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Pick how much you want to learn each day. Meet it to grow your streak.
        </p>
        <div
          role="radiogroup"
          aria-label="Daily goal"
          className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4"
        >
          {DAILY_GOAL_OPTIONS.map((xp) => {
            const chosen = current === xp;
            return (
              <Tile
                key={xp}
                state={chosen ? "selected" : "idle"}
                aria-pressed={chosen}
                disabled={setGoal.isPending}
                aria-busy={setGoal.isPending && setGoal.variables === xp ? true : undefined}
                onClick={() => setGoal.mutate(xp)}
              >
                <span>
                  <span className="block font-semibold">{GOAL_NAMES[xp]}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">{xp} XP a day</span>
                </span>
                {setGoal.isPending && setGoal.variables === xp && (
                  <Spinner className="ml-auto h-4 w-4 text-brand-600 dark:text-brand-300" />
                )}
              </Tile>
            );
          })}
        </div>
        {setGoal.error ? (
          <div className="mt-3">
            <Problem error={setGoal.error} />
          </div>
        ) : null}
      </section>
    </Card>
  );
}

export function DailyGoal() {
  const search = route.useSearch();
  // The route's loader has it (loaders.ts); its pending and error states are the route's.
  const { data } = useSuspenseQuery(progressQuery());
  const outline = useTrackOutline(search.trackId);
  const { playAchievement } = useSound();

  const xp = data?.today.xp ?? 0;
  const goal = data?.dailyGoal.xp ?? 0;
  const from = Math.min(search.prevXPCount ?? xp, xp);
  const shown = useCountUp(from, xp);
  const goalReachedNow = from < goal && xp >= goal;
  const streakGrew = goalReachedNow && data?.streak.todayCounted === true;

  const celebrated = useRef(false);
  useEffect(() => {
    if (!celebrated.current && goalReachedNow && shown >= xp) {
      celebrated.current = true;
      playAchievement();
    }
  }, [goalReachedNow, shown, xp, playAchievement]);

  const place =
    search.tutorialId !== undefined && search.chapterId !== undefined
      ? { tutorialId: search.tutorialId, chapterId: search.chapterId }
      : undefined;
  const next = outline.data && place ? nextStepHref(nextStep(outline.data, place)) : undefined;
  const fallback =
    search.trackId !== undefined
      ? `/web/${search.trackId}/section/${search.sectionIndex ?? 0}`
      : "/web/redirect-to-active-section";
  const met = shown >= goal;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <Card
        asChild
        padding="none"
        className="flex flex-col items-center gap-5 px-6 py-8 text-center"
      >
        <section>
          <p className="text-sm font-semibold uppercase tracking-widest text-indigo-600 dark:text-indigo-400">
            {search.chapterId !== undefined ? "Chapter complete" : "Today"}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight">
            {met ? "Daily goal reached!" : "Nice work!"}
          </h1>
          <GoalRing value={shown} max={goal}>
            <span className="text-5xl font-extrabold tabular-nums" data-testid="xp-count">
              {shown}
            </span>
            <span className="text-sm text-slate-500 dark:text-slate-400">of {goal} XP today</span>
          </GoalRing>
          <p className="sr-only" role="status">
            {xp} of {goal} XP today
          </p>
          {streakGrew && met ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-full bg-gradient-to-r from-orange-100 to-rose-100 px-4 py-2 font-bold text-orange-900 dark:from-orange-950 dark:to-rose-950 dark:text-orange-100"
            >
              <FlameIcon className="h-6 w-6" />
              {data.streak.current} day streak!
            </p>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">
              {met
                ? `Your streak is ${data.streak.current} day${data.streak.current === 1 ? "" : "s"}. Keep going!`
                : `${goal - xp} XP to go today.`}
            </p>
          )}
          <Button asChild variant="brand" size="lg" className="w-full sm:w-auto sm:min-w-56">
            <HrefLink href={next ?? fallback}>Continue</HrefLink>
          </Button>
        </section>
      </Card>
      <GoalPicker current={goal} />
    </div>
  );
}
