/**
 * The route table of spec section 2, registered with typed path and search params. Screens load
 * lazily; while one loads, the shell's progress bar shows (no spinner, spec section 2). A data
 * screen's route loads its data first (ADR 0025): its loader puts the answers in the query cache
 * (lib/queries.ts), with the screen's own pending and error states while it runs or if it fails.
 */

import { type LessonMode, SCREEN_ROUTES } from "@lumen/contracts";
import { createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { protectedScreen } from "./features/auth/components/auth-gate.tsx";
import { loadBilling } from "./features/billing/billing-loader.ts";
import { loadLocalCheckout, loadPlans, loadPortal } from "./features/billing/loaders.ts";
import {
  goToCheckoutSearch,
  localPortalSearch,
  purchaseSearch,
  web2appSignupSearch,
  web2appSuccessSearch,
} from "./features/billing/search.ts";
import type { ScreenKey } from "./features/home/lib/screen-copy.ts";
import { LessonError, LessonPending } from "./features/lesson/components/lesson-states.tsx";
import {
  type LessonParams,
  type LessonPrefix,
  lessonRouteId,
  loadLesson,
} from "./features/lesson/lesson-loader.ts";
import { loadOnboardingChat, loadOnboardingCheck } from "./features/onboarding/loaders.ts";
import { loadProfile } from "./features/profile/loader.ts";
import {
  loadActiveSectionRedirect,
  loadDailyGoal,
  loadProjectDone,
  loadRedirectToActiveSection,
  loadSection,
  loadStreak,
  loadTracks,
} from "./features/progress/loaders.ts";
import { config } from "./lib/config.ts";
import type { RouterContext } from "./lib/router-context.ts";
import { adminTree } from "./routing/admin-routes.tsx";
import { builderRoutes } from "./routing/builder-routes.tsx";
import { communityRoutes } from "./routing/community-routes.tsx";
import { eventsRoutes } from "./routing/events-routes.tsx";
import { libraryRoutes } from "./routing/library-routes.tsx";
import { projectsRoutes } from "./routing/projects-routes.tsx";
import { pageTitle, parent, progressStates, rootRoute, screen } from "./routing/route-kit.tsx";
import {
  chapterPlaceSearch,
  dailyGoalSearch,
  lessonSearch,
  redirectSearch,
  subscribeSearch,
  tutorSearch,
} from "./search-params.ts";
import { NotFound } from "./shell/not-found.tsx";
import { RouteError } from "./shell/route-error.tsx";

const homeRoute = createRoute({
  ...parent,
  path: "/",
  head: () => ({
    meta: [
      { title: `${config.productName} · Learn to code` },
      {
        name: "description",
        content: `Learn Python, JavaScript, HTML, CSS, SQL and React with short lessons you run in your browser. Free to start with ${config.productName}.`,
      },
    ],
  }),
  component: lazyRouteComponent(() => import("./features/home/home.tsx"), "Home"),
});

const LESSON_SCREENS = {
  learn: { key: "lessonLearn", search: lessonSearch },
  challenge: { key: "lessonChallenge", search: lessonSearch },
  tutor: { key: "lessonTutor", search: tutorSearch },
} as const satisfies Record<LessonMode, { key: ScreenKey; search: unknown }>;

/**
 * A lesson route's options (spec section 2): three modes, under /web and the preview deployment's
 * /ssr. The screen is told which of the six routes it renders, to read that route's typed params
 * and search.
 */
function lessonRoute<Prefix extends LessonPrefix, Mode extends LessonMode>(
  prefix: Prefix,
  mode: Mode,
) {
  const options = LESSON_SCREENS[mode];
  const from = lessonRouteId(prefix, mode);
  return {
    ...parent,
    path: from,
    validateSearch: options.search as (typeof LESSON_SCREENS)[Mode]["search"],
    ...screen(options.key),
    loader: ({ context, params }: { context: RouterContext; params: LessonParams }) =>
      loadLesson(context, params),
    pendingComponent: LessonPending,
    errorComponent: LessonError,
    component: lazyRouteComponent(() =>
      import("./features/lesson/lesson-screen.tsx").then(({ LessonScreen }) => ({
        default: () => <LessonScreen from={from} mode={mode} />,
      })),
    ),
  };
}

const routes = [
  homeRoute,
  // Built here, where each path is a literal, so that every route's params are typed.
  createRoute(lessonRoute("/web", "learn")),
  createRoute(lessonRoute("/web", "challenge")),
  createRoute(lessonRoute("/web", "tutor")),
  createRoute(lessonRoute("/ssr", "learn")),
  createRoute(lessonRoute("/ssr", "challenge")),
  createRoute(lessonRoute("/ssr", "tutor")),
  createRoute({
    ...parent,
    path: "/web/streak",
    ...screen("streak"),
    loader: ({ context }) => loadStreak(context),
    ...progressStates("Loading your streak…"),
    component: lazyRouteComponent(() => import("./features/progress/streak.tsx"), "Streak"),
  }),
  createRoute({
    ...parent,
    path: "/web/daily-goal",
    validateSearch: dailyGoalSearch,
    ...screen("dailyGoal"),
    loaderDeps: ({ search }) => ({ trackId: search.trackId }),
    loader: ({ context, deps }) => loadDailyGoal(context, deps),
    ...progressStates("Adding up today's XP…"),
    component: lazyRouteComponent(() => import("./features/progress/daily-goal.tsx"), "DailyGoal"),
  }),
  createRoute({
    ...parent,
    path: "/web/syncProgress",
    validateSearch: chapterPlaceSearch,
    ...screen("syncProgress"),
    component: lazyRouteComponent(
      () => import("./features/progress/sync-progress.tsx"),
      "SyncProgress",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/project-done",
    validateSearch: chapterPlaceSearch,
    ...screen("projectDone"),
    loaderDeps: ({ search }) => ({
      trackId: search.trackId,
      tutorialId: search.tutorialId,
      chapterId: search.chapterId,
    }),
    loader: ({ context, deps }) => loadProjectDone(context, deps),
    ...progressStates("Getting your project…"),
    component: lazyRouteComponent(
      () => import("./features/progress/project-done.tsx"),
      "ProjectDone",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/$trackId/section/$sectionIndex",
    ...screen("section"),
    // A visit moves nothing: only starting a lesson makes its section the active one.
    loader: ({ context, params }) => loadSection(context, params),
    ...progressStates("Loading your learning path…"),
    component: lazyRouteComponent(() => import("./features/progress/section.tsx"), "Section"),
  }),
  createRoute({
    ...parent,
    path: "/web/$trackId/section/active",
    ...screen("section"),
    loader: ({ context, params }) => loadActiveSectionRedirect(context, params),
    ...progressStates("Finding where you left off…"),
    component: lazyRouteComponent(
      () => import("./features/progress/active-section.tsx"),
      "ActiveSectionRedirect",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/redirect-to-active-section",
    ...screen("redirectToActiveSection"),
    loader: ({ context }) => loadRedirectToActiveSection(context),
    ...progressStates("Finding where you left off…"),
    component: lazyRouteComponent(
      () => import("./features/progress/active-section.tsx"),
      "RedirectToActiveSection",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/tracks",
    head: () => ({
      meta: [
        { title: pageTitle("Pick a track") },
        {
          name: "description",
          content: "Choose what to learn: Python, JavaScript, React and more.",
        },
      ],
    }),
    loader: ({ context }) => loadTracks(context),
    ...progressStates("Loading the tracks…"),
    component: lazyRouteComponent(() => import("./features/progress/tracks.tsx"), "Tracks"),
  }),
  // Subscriptions and checkout (issue 15): features/billing.
  createRoute({
    ...parent,
    path: "/web/subscribe",
    validateSearch: subscribeSearch,
    ...screen("subscribe"),
    loader: ({ context }) => loadPlans(context),
    ...progressStates("Loading the plans…"),
    component: lazyRouteComponent(() => import("./features/billing/subscribe.tsx"), "WebSubscribe"),
  }),
  createRoute({
    ...parent,
    path: "/web2app/subscribe",
    validateSearch: subscribeSearch,
    ...screen("subscribe"),
    loader: ({ context }) => loadPlans(context),
    ...progressStates("Loading the plans…"),
    component: lazyRouteComponent(
      () => import("./features/billing/subscribe.tsx"),
      "Web2AppSubscribe",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web2app/signup",
    validateSearch: web2appSignupSearch,
    ...screen("web2appSignup"),
    component: lazyRouteComponent(
      () => import("./features/billing/web2app-signup.tsx"),
      "Web2AppSignup",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web2app/success",
    validateSearch: web2appSuccessSearch,
    ...screen("web2appSuccess"),
    component: lazyRouteComponent(
      () => import("./features/billing/web2app-success.tsx"),
      "Web2AppSuccess",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/purchase-successful",
    validateSearch: purchaseSearch,
    ...screen("purchaseSuccessful"),
    component: lazyRouteComponent(
      () => import("./features/billing/purchase-successful.tsx"),
      "PurchaseSuccessful",
    ),
  }),
  createRoute({
    ...parent,
    path: "/go-to-checkout",
    validateSearch: goToCheckoutSearch,
    ...screen("goToCheckout"),
    component: lazyRouteComponent(
      () => import("./features/billing/go-to-checkout.tsx"),
      "GoToCheckout",
    ),
  }),
  // The local payment provider's own pages (BILLING_PROVIDER=local): its checkout and portal.
  createRoute({
    ...parent,
    path: "/billing/local/checkout/$sessionId",
    head: () => ({
      meta: [{ title: pageTitle("Checkout (test mode)") }, { name: "robots", content: "noindex" }],
    }),
    loader: ({ context, params }) => loadLocalCheckout(context, params.sessionId),
    ...progressStates("Loading your checkout…"),
    component: lazyRouteComponent(
      () => import("./features/billing/local-checkout.tsx"),
      "LocalCheckout",
    ),
  }),
  createRoute({
    ...parent,
    path: "/billing/local/portal",
    validateSearch: localPortalSearch,
    head: () => ({
      meta: [
        { title: pageTitle("Manage your plan (test mode)") },
        { name: "robots", content: "noindex" },
      ],
    }),
    loader: ({ context }) => loadPortal(context),
    ...progressStates("Loading your plan…"),
    component: lazyRouteComponent(
      () => import("./features/billing/local-portal.tsx"),
      "LocalPortal",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/login",
    validateSearch: redirectSearch,
    ...screen("login"),
    component: lazyRouteComponent(() => import("./features/auth/login.tsx"), "Login"),
  }),
  createRoute({
    ...parent,
    path: "/web/register",
    validateSearch: redirectSearch,
    ...screen("register"),
    component: lazyRouteComponent(() => import("./features/auth/register.tsx"), "Register"),
  }),
  createRoute({
    ...parent,
    path: "/web/passwordReset",
    validateSearch: redirectSearch,
    ...screen("passwordReset"),
    component: lazyRouteComponent(
      () => import("./features/auth/password-reset.tsx"),
      "PasswordReset",
    ),
  }),
  // The learner's profile and settings, and the page a verification mail's link opens (issue 13).
  createRoute({
    ...parent,
    path: "/web/profile",
    head: () => ({
      meta: [
        { title: pageTitle("Your profile") },
        { name: "description", content: "Your account, settings and progress." },
      ],
    }),
    loader: ({ context }) => loadProfile(context),
    ...progressStates("Loading your profile…"),
    component: lazyRouteComponent(() => import("./features/profile/profile.tsx"), "Profile"),
  }),
  // The learner's plan, subscription and credits (issue 15).
  createRoute({
    ...parent,
    path: "/web/billing",
    head: () => ({
      meta: [
        { title: pageTitle("Plan & credits") },
        { name: "description", content: "Your plan, your subscription and your credits." },
      ],
    }),
    loader: ({ context }) => loadBilling(context),
    ...progressStates("Loading your plan…"),
    component: lazyRouteComponent(
      () => import("./features/billing/billing-page.tsx"),
      "BillingPage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/verify-email",
    head: () => ({
      meta: [
        { title: pageTitle("Confirm your email") },
        { name: "description", content: "Confirm the email address of your account." },
      ],
    }),
    component: lazyRouteComponent(() => import("./features/auth/verify-email.tsx"), "VerifyEmail"),
  }),
  // Onboarding (issue 16): the check decides in its loader and redirects; the chat asks.
  createRoute({
    ...parent,
    path: "/onboarding-check",
    validateSearch: redirectSearch,
    ...screen("onboardingCheck"),
    loaderDeps: ({ search }) => ({ redirectUrl: search.redirectUrl }),
    loader: ({ context, deps }) => loadOnboardingCheck(context, deps),
    ...progressStates("Getting things ready…"),
  }),
  createRoute({
    ...parent,
    path: "/web/onboarding/chat",
    validateSearch: redirectSearch,
    ...screen("onboardingChat"),
    loader: ({ context }) => loadOnboardingChat(context),
    ...progressStates("Starting the chat…"),
    component: lazyRouteComponent(
      () => import("./features/onboarding/onboarding-chat.tsx"),
      "OnboardingChat",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/playground",
    ...screen("playground"),
    component: lazyRouteComponent(
      () => import("./features/playground/playground-screen.tsx"),
      "PlaygroundScreen",
    ),
  }),
  // The AI tutor's ratings for course engineers and admins (issue 16): features/ai.
  createRoute({
    ...parent,
    path: "/web/ai-ratings",
    head: () => ({ meta: [{ title: pageTitle("AI tutor ratings") }] }),
    component: lazyRouteComponent(
      () => import("./features/ai/ai-ratings-page.tsx"),
      "AiRatingsPage",
    ),
  }),
  adminTree,
  ...projectsRoutes,
  ...communityRoutes,
  ...eventsRoutes,
  ...libraryRoutes,
  ...builderRoutes,
] as const;

// Protected screens (packages/contracts/src/routes.ts) render only for signed-in users.
for (const route of routes) {
  const path = "path" in route.options ? route.options.path : undefined;
  const screenRoute = SCREEN_ROUTES.find((entry) => entry.path === path);
  const component = route.options.component;
  if (screenRoute?.access === "protected" && component) {
    route.update({ component: protectedScreen(component) });
  }
}

const routeTree = rootRoute.addChildren(routes);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // The query cache decides what is fresh: every preload and visit runs the loader, which
    // answers from the cache when it can.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    // Any screen that fails without an error state of its own: inside the shell, in plain words.
    defaultErrorComponent: RouteError,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
