/**
 * What the web app shows of the paywall (issue 15). The server decides what is locked (a chapter
 * answers 402 plan_required; the outline's sections carry `free`); these read its answers: which
 * sections to mark with a lock for this learner, what a locked chapter is (its titles from the
 * outline), where its "Unlock" and "back to the free lessons" links go, and the plan's price.
 */
import type { Plan, PlansAnswer, TrackOutline } from "@lumen/contracts";
import { type Entitlements, formatPrice, LESSONS_UNLOCKED_BY } from "@lumen/core";

/** Whether an outline's section is free (the contract reads a missing flag as free). */
export const sectionIsFree = (section: { free?: boolean }) => section.free !== false;

/**
 * Whether this learner's lessons beyond the free sections are locked: a guest's are; a signed-in
 * learner's only once their plan is known and lacks every lesson (no lock flashes while it loads).
 */
export function lessonsLocked(
  signedIn: boolean,
  plan: { entitlements: Pick<Entitlements, "allLessons"> } | undefined,
): boolean {
  if (!signedIn) return true;
  return plan !== undefined && !plan.entitlements.allLessons;
}

export interface LockedPlace {
  trackTitle: string;
  sectionTitle: string;
  tutorialTitle: string;
  chapterTitle: string;
  lessonTitles: string[];
  /** The section "back to the free lessons" opens: the first free one (else the first). */
  freeSectionIndex: number | undefined;
}

/** A locked chapter's titles, from its track's outline; undefined when the outline lacks it. */
export function lockedPlace(
  outline: TrackOutline,
  place: { tutorialId: number; chapterId: number },
): LockedPlace | undefined {
  const sections = outline.sections;
  const freeSectionIndex = (sections.find(sectionIsFree) ?? sections[0])?.index;
  for (const section of sections) {
    const tutorial = section.tutorials.find((t) => t.id === place.tutorialId);
    const chapter = tutorial?.chapters.find((c) => c.id === place.chapterId);
    if (tutorial && chapter) {
      return {
        trackTitle: outline.title,
        sectionTitle: section.title,
        tutorialTitle: tutorial.title,
        chapterTitle: chapter.title,
        lessonTitles: chapter.lessons.map((lesson) => lesson.title),
        freeSectionIndex,
      };
    }
  }
  return undefined;
}

/** The search of the "Unlock" link: the subscribe page brings the learner back to the lesson. */
export const unlockSearch = (lessonHref: string) => ({
  redirectUrl: lessonHref,
  trackingReferer: "locked-lesson",
});

/** The plan that opens every lesson (Starter), from the server's catalogue. */
export const unlockingPlan = (answer: PlansAnswer | undefined): Plan | undefined =>
  answer?.plans.find((plan) => plan.tier === LESSONS_UNLOCKED_BY);

/** "$9.99 a month or $99.90 a year"; null when the plan is not sold. */
export function priceText(plan: Plan, currency: string, locale?: string): string | null {
  if (!plan.purchasable || !plan.prices) return null;
  const month = formatPrice(plan.prices.month, currency, locale);
  const year = formatPrice(plan.prices.year, currency, locale);
  return `${month} a month or ${year} a year`;
}
