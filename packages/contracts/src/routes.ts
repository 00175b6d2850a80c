/**
 * The screen table of spec section 2, in one place. The web router registers exactly these paths
 * and the server uses them to answer unknown pages with a real 404 status. Path parameters use
 * the router's `$name` form where the spec writes `{name}`.
 */

export type ScreenAccess = "public" | "protected";

export interface ScreenRoute {
  path: string;
  access: ScreenAccess;
}

const LESSON_BASE = "/track/$trackId/tutorial/$tutorialId/chapter/$chapterId";

/** Lesson routes exist under /web and, on the preview deployment, under /ssr (spec section 2). */
export const LESSON_PREFIXES = ["/web", "/ssr"] as const;
export const LESSON_MODES = ["learn", "challenge", "tutor"] as const;
export type LessonMode = (typeof LESSON_MODES)[number];

export const lessonRoutePath = (prefix: (typeof LESSON_PREFIXES)[number], mode: LessonMode) =>
  `${prefix}${LESSON_BASE}/${mode}`;

/** The admin console's screens, each one page of the console's navigation. */
export const ADMIN_SCREENS = [
  "/admin",
  "/admin/users",
  "/admin/audit",
  "/admin/subscriptions",
  "/admin/flags",
  "/admin/experiments",
  "/admin/analytics",
  "/admin/errors",
  "/admin/errors/$issueId",
  "/admin/moderation",
  "/admin/events",
] as const;

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: "/", access: "public" },
  ...LESSON_PREFIXES.flatMap((prefix) =>
    LESSON_MODES.map((mode) => ({
      path: lessonRoutePath(prefix, mode),
      access: "public" as const,
    })),
  ),
  { path: "/web/streak", access: "protected" },
  { path: "/web/daily-goal", access: "protected" },
  { path: "/web/syncProgress", access: "protected" },
  { path: "/web/project-done", access: "protected" },
  { path: "/web/$trackId/section/$sectionIndex", access: "public" },
  { path: "/web/$trackId/section/active", access: "public" },
  { path: "/web/redirect-to-active-section", access: "public" },
  // The track picker for a learner with no track yet (issue 7).
  { path: "/web/tracks", access: "public" },
  { path: "/web/subscribe", access: "public" },
  { path: "/web2app/subscribe", access: "public" },
  { path: "/web2app/signup", access: "public" },
  { path: "/web2app/success", access: "public" },
  { path: "/web/purchase-successful", access: "protected" },
  { path: "/go-to-checkout", access: "protected" },
  // The local payment provider's checkout page and customer portal (issue 15, BILLING_PROVIDER
  // local): not screens of the spec; they stand in for Stripe's hosted pages.
  { path: "/billing/local/checkout/$sessionId", access: "public" },
  { path: "/billing/local/portal", access: "protected" },
  { path: "/web/login", access: "public" },
  { path: "/web/register", access: "public" },
  { path: "/web/passwordReset", access: "public" },
  // The learner's profile and settings, and the page a verification mail's link opens (issue 13).
  { path: "/web/profile", access: "protected" },
  { path: "/web/verify-email", access: "public" },
  // The learner's plan and credits (issue 15).
  { path: "/web/billing", access: "protected" },
  { path: "/onboarding-check", access: "public" },
  { path: "/web/onboarding/chat", access: "protected" },
  // The AI tutor's ratings, for course engineers and admins (issue 16).
  { path: "/web/ai-ratings", access: "protected" },
  { path: "/web/events", access: "public" },
  { path: "/web/library", access: "public" },
  { path: "/glossary/$language", access: "public" },
  { path: "/glossary/$language/$slug", access: "public" },
  { path: "/web/build", access: "protected" },
  { path: "/web/build/$id", access: "protected" },
  { path: "/web/build/machines/$id", access: "protected" },
  { path: "/web/instance", access: "protected" },
  { path: "/web/instance/$id", access: "protected" },
  { path: "/web/shared/$code", access: "public" },
  // The community (issue 17): reading is public; asking needs an account ("new" before $postId).
  { path: "/web/community", access: "public" },
  { path: "/web/community/new", access: "protected" },
  { path: "/web/community/$postId", access: "public" },
  { path: "/web/projects", access: "protected" },
  { path: "/web/projects/$projectId", access: "protected" },
  // The runner playground is for course engineers; the role gate arrives with the lesson tools.
  { path: "/web/playground", access: "protected" },
  // The admin console (issue 14): not a screen of the spec; signed-in admins only (others see 403).
  ...ADMIN_SCREENS.map((path) => ({ path, access: "protected" as const })),
];

const patternCache = new Map<string, RegExp>();

function toRegExp(path: string): RegExp {
  let re = patternCache.get(path);
  if (!re) {
    const body = path
      .split("/")
      .map((seg) => (seg.startsWith("$") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    re = new RegExp(`^${body === "" ? "/" : body}/?$`);
    patternCache.set(path, re);
  }
  return re;
}

/** The screen a pathname belongs to, or undefined when no screen has that path. */
export function matchScreen(pathname: string): ScreenRoute | undefined {
  return SCREEN_ROUTES.find((route) => toRegExp(route.path).test(pathname));
}
