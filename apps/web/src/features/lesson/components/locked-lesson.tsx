/**
 * A lesson the learner's plan does not open (issue 15): the chapter answered 402 plan_required,
 * and instead of an error the lesson route shows, inside the shell, what the chapter is (its
 * titles from the track outline), a lock, the plan that unlocks it with what it includes and its
 * price, "Unlock with Starter" (the subscribe page, which brings the learner back here) and the
 * way back to the free lessons. `show_upgrades` is sent once for each chapter shown locked.
 *
 * The chapter may have been asked for before a stored session was restored (the lesson's loader
 * does not wait for it): until the session is known this shows the loading state, and when the
 * signed-in state differs from the one the chapter was asked under, the route loads again, so a
 * subscriber is never shown a lock that is not theirs.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useLoaderData, useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { track } from "../../../analytics/track.ts";
import { plansQuery, trackOutlineQuery } from "../../../lib/queries.ts";
import { Button, Card, textLinkClasses } from "../../../ui/index.ts";
import { type AuthStatus, useAuth } from "../../auth/components/auth-provider.tsx";
import {
  lockedPlace,
  priceText,
  unlockingPlan,
  unlockSearch,
} from "../../billing/lib/paywall-view.ts";
import { planFeatures } from "../../billing/lib/plan-offers.ts";
import type { LessonRouteId } from "../lesson-loader.ts";
import { usePlace } from "../lib/lesson-place.ts";
import { FirstPaintDone, Loading } from "./lesson-states.tsx";

/** Whether the 402 was answered to who is signed in now; if not, the route loads again. */
function useAnsweredToMe(from: LessonRouteId, status: AuthStatus): boolean {
  const router = useRouter();
  const { askedAs } = useLoaderData({ from });
  const stale = status !== "initializing" && status !== askedAs;
  useEffect(() => {
    if (stale) void router.invalidate();
  }, [stale, router]);
  return status !== "initializing" && !stale;
}

/** `show_upgrades` once for each chapter shown locked. */
function useShowUpgradesOnce(key: string | null, properties: Record<string, number>) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || sent.current === key) return;
    sent.current = key;
    track("show_upgrades", { source: "locked-lesson", ...properties });
  });
}

function LockMark() {
  return (
    <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-7 w-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <rect x="5" y="10.5" width="14" height="10" rx="2" />
        <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
      </svg>
    </span>
  );
}

export function LockedLesson({ from }: { from: LessonRouteId }) {
  const { status } = useAuth();
  const answeredToMe = useAnsweredToMe(from, status);
  const place = usePlace(from);
  const href = useRouterState({ select: (s) => s.location.href });
  const outline = useQuery({ ...trackOutlineQuery(place?.trackId ?? 0), enabled: !!place });
  const plans = useQuery(plansQuery());
  const showing = answeredToMe && place !== undefined;
  useShowUpgradesOnce(showing && place ? `${place.trackId}/${place.chapterId}` : null, {
    trackId: place?.trackId ?? 0,
    tutorialId: place?.tutorialId ?? 0,
    chapterId: place?.chapterId ?? 0,
  });

  if (!showing || !place) return <Loading label="Opening the lesson" />;
  const what = outline.data ? lockedPlace(outline.data, place) : undefined;
  const plan = unlockingPlan(plans.data);
  const price = plan && plans.data ? priceText(plan, plans.data.currency) : null;
  const planLabel = plan?.label ?? "Starter plan";
  const backTo = what?.freeSectionIndex ?? 0;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-6" data-testid="locked-lesson">
      <FirstPaintDone />
      <header className="text-center">
        <LockMark />
        <p className="mt-4 text-sm font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-300">
          {what ? `${what.trackTitle} · ${what.sectionTitle}` : "A lesson of the full course"}
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">
          {what ? what.chapterTitle : "This lesson is locked"}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {what ? `A chapter of ${what.tutorialTitle}. ` : ""}
          It is part of the {planLabel}. The first section of every track is free.
        </p>
      </header>

      {what && what.lessonTitles.length > 0 ? (
        <Card asChild>
          <section aria-labelledby="locked-lessons-title">
            <h2 id="locked-lessons-title" className="font-semibold">
              In this chapter
            </h2>
            <ol className="mt-3 space-y-2">
              {what.lessonTitles.map((title, i) => (
                <li key={`${i}-${title}`} className="flex items-center gap-3 text-sm">
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                  >
                    {i + 1}
                  </span>
                  <span className="text-slate-700 dark:text-slate-200">{title}</span>
                </li>
              ))}
            </ol>
          </section>
        </Card>
      ) : null}

      <Card asChild className="border-brand-200 dark:border-brand-900">
        <section aria-labelledby="unlock-title">
          <h2 id="unlock-title" className="text-xl font-bold tracking-tight">
            Unlock it with {planLabel}
          </h2>
          {price ? (
            <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="unlock-price">
              {price}
            </p>
          ) : null}
          {plan ? (
            <ul aria-label={`What ${planLabel} includes`} className="mt-4 space-y-1.5 text-sm">
              {planFeatures(plan)
                .filter((feature) => feature.included)
                .map((feature) => (
                  <li key={feature.key} className="flex gap-2">
                    <span
                      aria-hidden="true"
                      className="font-bold text-emerald-600 dark:text-emerald-400"
                    >
                      ✓
                    </span>
                    {feature.text}
                  </li>
                ))}
            </ul>
          ) : null}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="brand" size="xl">
              <Link to="/web/subscribe" search={unlockSearch(href)}>
                Unlock with Starter
              </Link>
            </Button>
            <Button asChild variant="secondary" size="xl">
              <Link
                to="/web/$trackId/section/$sectionIndex"
                params={{ trackId: String(place.trackId), sectionIndex: String(backTo) }}
              >
                Back to the free lessons
              </Link>
            </Button>
          </div>
          {status === "signedOut" ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              Already have a plan?{" "}
              <Link to="/web/login" search={{ redirectUrl: href }} className={textLinkClasses}>
                Sign in
              </Link>{" "}
              to open this lesson.
            </p>
          ) : null}
        </section>
      </Card>
    </div>
  );
}
