/**
 * Where /onboarding-check sends a learner (spec section 2): a new account to the onboarding chat,
 * once; everyone else onward, to the redirectUrl when the allow-list accepts it (the same rule and
 * console warning as after login, auth's after-login.ts) or to the default landing.
 */
import type { OnboardingStatus } from "@lumen/contracts";

export const ONBOARDING_CHAT = "/web/onboarding/chat";

export type OnboardingDestination =
  /** To the chat, carrying where to go after it (already checked, or none). */
  | { chat: true; redirectUrl: string | undefined }
  /** Onward: a path of this site or an allowed absolute URL. */
  | { chat: false; href: string };

export interface DestinationInput {
  /** The server's word on the account; null for a visitor who is not signed in. */
  status: OnboardingStatus | null;
  /** Lessons this browser did before the account existed (a guest's, waiting to sync). */
  broughtLessons: boolean;
  /** The redirectUrl as the allow-list left it: a safe destination, or undefined. */
  safeRedirectUrl: string | undefined;
  /** Where to go when there is no safe redirectUrl. */
  defaultLanding: string;
}

/**
 * Only a "new" account goes to the chat: not one that has started, finished or skipped it (the
 * chat is shown once), not an account with lessons (the server's, or this browser's from before
 * signing up: that learner has chosen a track already and signed up to keep going), not a guest.
 */
export function onboardingDestination(input: DestinationInput): OnboardingDestination {
  if (input.status === "new" && !input.broughtLessons) {
    return { chat: true, redirectUrl: input.safeRedirectUrl };
  }
  return { chat: false, href: input.safeRedirectUrl ?? input.defaultLanding };
}
