/**
 * What the onboarding routes load (ADR 0025). /onboarding-check decides before anything renders
 * and redirects (lib/onboarding-destination.ts); the chat has the learner's onboarding state in
 * the cache before its first render.
 */
import type { OnboardingStatus } from "@lumen/contracts";
import { redirect } from "@tanstack/react-router";
import { onboardingQuery } from "../../lib/queries.ts";
import type { RouterContext } from "../../lib/router-context.ts";
import { DEFAULT_LANDING } from "../auth/lib/after-login.ts";
import { pendingFor, progressQueueStore } from "../progress/lib/offline-queue.ts";
import { ONBOARDING_CHAT, onboardingDestination } from "./lib/onboarding-destination.ts";
import { safeDestination } from "./lib/safe-destination.ts";

/** Whether this browser holds lessons the learner did before signing up, still to sync. */
async function broughtLessons(userId: string): Promise<boolean> {
  try {
    return (await pendingFor(progressQueueStore(), userId)).length > 0;
  } catch {
    // No queue to read (a private window without IndexedDB): nothing was brought.
    return false;
  }
}

export async function loadOnboardingCheck(
  context: RouterContext,
  search: { redirectUrl?: string },
): Promise<never> {
  const { status, userId } = await context.auth.settled();
  const safeRedirectUrl = safeDestination(search.redirectUrl);
  let onboarding: OnboardingStatus | null = null;
  let brought = false;
  if (status === "signedIn" && userId) {
    // The queue first: a sync removes its lessons only once the server has them, so one of the
    // two always shows them.
    brought = await broughtLessons(userId);
    // The chat is a welcome, never a gate: if the server cannot say, the learner goes onward.
    onboarding = await context.queryClient
      .fetchQuery(onboardingQuery(userId))
      .then((answer) => answer.status)
      .catch(() => null);
  }
  const to = onboardingDestination({
    status: onboarding,
    broughtLessons: brought,
    safeRedirectUrl,
    defaultLanding: DEFAULT_LANDING,
  });
  if (to.chat) {
    throw redirect({
      to: ONBOARDING_CHAT,
      search: { redirectUrl: to.redirectUrl },
      replace: true,
    });
  }
  throw redirect({ href: to.href, replace: true });
}

export async function loadOnboardingChat(context: RouterContext): Promise<void> {
  const { status, userId } = await context.auth.settled();
  if (status === "signedIn" && userId) {
    // Afresh each time: another device (or this one's last visit) may have moved the chat on.
    await context.queryClient.fetchQuery(onboardingQuery(userId));
  }
}
