/**
 * The chat's recommendation: the track and why, the first lesson ("Start lesson" opens it) and the
 * daily goal ("Set my daily goal" sets it through the daily goal API, PUT /v1/daily-goal).
 */
import type { OnboardingRecommendation } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { track } from "../../../analytics/track.ts";
import { Alert, Button, Card } from "../../../ui/index.ts";
import { useSetDailyGoal } from "../../progress/lib/queries.ts";
import { becauseWords } from "../lib/chat-script.ts";

export function RecommendationCard({
  recommendation,
}: {
  recommendation: OnboardingRecommendation;
}) {
  const { track: recommended, firstLesson, dailyGoalXp, because } = recommendation;
  const setGoal = useSetDailyGoal();
  const goalIsSet = setGoal.isSuccess;
  return (
    <Card asChild className="border-brand-200 dark:border-brand-900">
      <section aria-labelledby="recommendation-title">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
          Your first track
        </p>
        <h2 id="recommendation-title" className="mt-1 text-xl font-bold">
          {recommended.title}
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{becauseWords(because)}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
            <dt className="text-sm text-slate-600 dark:text-slate-400">First lesson</dt>
            <dd className="font-semibold">{firstLesson.title}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Daily goal</dt>
            <dd className="font-semibold">{dailyGoalXp} XP a day</dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild variant="brand" size="lg">
            <Link
              to="/web/track/$trackId/tutorial/$tutorialId/chapter/$chapterId/learn"
              params={{
                trackId: String(firstLesson.trackId),
                tutorialId: String(firstLesson.tutorialId),
                chapterId: String(firstLesson.chapterId),
              }}
              search={{ lesson: firstLesson.lessonIndex }}
              onClick={() =>
                track("onboarding_step", { step: "start_lesson", lessonId: firstLesson.lessonId })
              }
            >
              Start lesson
            </Link>
          </Button>
          <Button
            variant="secondary"
            size="lg"
            pending={setGoal.isPending}
            disabled={goalIsSet}
            onClick={() =>
              setGoal.mutate(dailyGoalXp, {
                onSuccess: () =>
                  track("onboarding_step", { step: "set_daily_goal", xp: dailyGoalXp }),
              })
            }
          >
            {goalIsSet ? "Daily goal set" : "Set my daily goal"}
          </Button>
        </div>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {goalIsSet ? (
            <Alert tone="success" size="sm">
              Your daily goal is now {dailyGoalXp} XP a day.
            </Alert>
          ) : null}
          {setGoal.error ? (
            <Alert tone="danger" size="sm" role="alert">
              {setGoal.error.message}
            </Alert>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
