/**
 * The route table of spec section 2, registered with typed path and search params. Screens load
 * lazily; while one loads, the shell's progress bar shows (no spinner, spec section 2).
 */

import { SCREEN_ROUTES } from "@lumen/contracts";
import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from "@tanstack/react-router";
import { protectedScreen } from "./auth/auth-gate.tsx";
import { config } from "./lib/config.ts";
import { SCREEN_COPY, type ScreenKey } from "./screens/screen-copy.ts";
import {
  backlinkSearch,
  chapterPlaceSearch,
  dailyGoalSearch,
  lessonSearch,
  redirectSearch,
  subscribeSearch,
  tutorSearch,
} from "./search-params.ts";
import { AppShell } from "./shell/app-shell.tsx";
import { NotFound } from "./shell/not-found.tsx";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    screen?: ScreenKey;
  }
}

export interface RouterContext {
  queryClient: QueryClient;
}

export const pageTitle = (title: string) => `${title} · ${config.productName}`;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFound,
  head: () => ({
    meta: [
      { title: config.productName },
      {
        name: "description",
        content: `${config.productName}: learn to code with short lessons you run in your browser.`,
      },
    ],
  }),
});

const AreaIntro = lazyRouteComponent(() => import("./screens/area-intro.tsx"), "AreaIntro");

/** The options every introduction screen shares: its copy, title, description and component. */
function screen(key: ScreenKey) {
  const copy = SCREEN_COPY[key];
  return {
    staticData: { screen: key },
    head: () => ({
      meta: [{ title: pageTitle(copy.title) }, { name: "description", content: copy.description }],
    }),
    component: AreaIntro,
  };
}

const parent = { getParentRoute: () => rootRoute };

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
  component: lazyRouteComponent(() => import("./screens/home.tsx"), "Home"),
});

const LESSON = "track/$trackId/tutorial/$tutorialId/chapter/$chapterId";

const LESSON_SCREENS = {
  learn: { key: "lessonLearn", component: "LearnScreen", search: lessonSearch },
  challenge: { key: "lessonChallenge", component: "ChallengeScreen", search: lessonSearch },
  tutor: { key: "lessonTutor", component: "TutorScreen", search: tutorSearch },
} as const;

/** A lesson route (spec section 2): three modes, under /web and the preview deployment's /ssr. */
function lessonRoute<Prefix extends "/web" | "/ssr", Mode extends keyof typeof LESSON_SCREENS>(
  prefix: Prefix,
  mode: Mode,
) {
  const options = LESSON_SCREENS[mode];
  return createRoute({
    ...parent,
    path: `${prefix}/${LESSON}/${mode}` as `${Prefix}/${typeof LESSON}/${Mode}`,
    validateSearch: options.search as (typeof LESSON_SCREENS)[Mode]["search"],
    ...screen(options.key),
    component: lazyRouteComponent(
      () => import("./screens/lesson/lesson-screen.tsx"),
      options.component,
    ),
  });
}

const routes = [
  homeRoute,
  lessonRoute("/web", "learn"),
  lessonRoute("/web", "challenge"),
  lessonRoute("/web", "tutor"),
  lessonRoute("/ssr", "learn"),
  lessonRoute("/ssr", "challenge"),
  lessonRoute("/ssr", "tutor"),
  createRoute({
    ...parent,
    path: "/web/streak",
    ...screen("streak"),
    component: lazyRouteComponent(() => import("./screens/progress/streak.tsx"), "Streak"),
  }),
  createRoute({
    ...parent,
    path: "/web/daily-goal",
    validateSearch: dailyGoalSearch,
    ...screen("dailyGoal"),
    component: lazyRouteComponent(() => import("./screens/progress/daily-goal.tsx"), "DailyGoal"),
  }),
  createRoute({
    ...parent,
    path: "/web/syncProgress",
    validateSearch: chapterPlaceSearch,
    ...screen("syncProgress"),
    component: lazyRouteComponent(
      () => import("./screens/progress/sync-progress.tsx"),
      "SyncProgress",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/project-done",
    validateSearch: chapterPlaceSearch,
    ...screen("projectDone"),
    component: lazyRouteComponent(
      () => import("./screens/progress/project-done.tsx"),
      "ProjectDone",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/$trackId/section/$sectionIndex",
    ...screen("section"),
    component: lazyRouteComponent(() => import("./screens/progress/section.tsx"), "Section"),
  }),
  createRoute({
    ...parent,
    path: "/web/$trackId/section/active",
    ...screen("section"),
    component: lazyRouteComponent(
      () => import("./screens/progress/active-section.tsx"),
      "ActiveSectionRedirect",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/redirect-to-active-section",
    ...screen("redirectToActiveSection"),
    component: lazyRouteComponent(
      () => import("./screens/progress/active-section.tsx"),
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
    component: lazyRouteComponent(() => import("./screens/progress/tracks.tsx"), "Tracks"),
  }),
  createRoute({
    ...parent,
    path: "/web/subscribe",
    validateSearch: subscribeSearch,
    ...screen("subscribe"),
  }),
  createRoute({
    ...parent,
    path: "/web2app/subscribe",
    validateSearch: subscribeSearch,
    ...screen("subscribe"),
  }),
  createRoute({
    ...parent,
    path: "/web2app/signup",
    validateSearch: redirectSearch,
    ...screen("web2appSignup"),
  }),
  createRoute({
    ...parent,
    path: "/web2app/success",
    validateSearch: redirectSearch,
    ...screen("web2appSuccess"),
  }),
  createRoute({ ...parent, path: "/web/purchase-successful", ...screen("purchaseSuccessful") }),
  createRoute({ ...parent, path: "/go-to-checkout", ...screen("goToCheckout") }),
  createRoute({
    ...parent,
    path: "/web/login",
    validateSearch: redirectSearch,
    ...screen("login"),
    component: lazyRouteComponent(() => import("./screens/auth/login.tsx"), "Login"),
  }),
  createRoute({
    ...parent,
    path: "/web/register",
    validateSearch: redirectSearch,
    ...screen("register"),
    component: lazyRouteComponent(() => import("./screens/auth/register.tsx"), "Register"),
  }),
  createRoute({
    ...parent,
    path: "/web/passwordReset",
    validateSearch: redirectSearch,
    ...screen("passwordReset"),
    component: lazyRouteComponent(
      () => import("./screens/auth/password-reset.tsx"),
      "PasswordReset",
    ),
  }),
  createRoute({ ...parent, path: "/onboarding-check", ...screen("onboardingCheck") }),
  createRoute({ ...parent, path: "/web/onboarding/chat", ...screen("onboardingChat") }),
  createRoute({ ...parent, path: "/web/events", ...screen("events") }),
  createRoute({ ...parent, path: "/web/library", ...screen("library") }),
  createRoute({ ...parent, path: "/glossary/$language", ...screen("glossary") }),
  createRoute({ ...parent, path: "/web/build", ...screen("build") }),
  createRoute({
    ...parent,
    path: "/web/build/$id",
    validateSearch: backlinkSearch,
    ...screen("buildProject"),
  }),
  createRoute({
    ...parent,
    path: "/web/build/machines/$id",
    validateSearch: backlinkSearch,
    ...screen("machine"),
  }),
  createRoute({ ...parent, path: "/web/instance", ...screen("instances") }),
  createRoute({ ...parent, path: "/web/instance/$id", ...screen("instance") }),
  createRoute({ ...parent, path: "/web/shared/$code", ...screen("shared") }),
  createRoute({
    ...parent,
    path: "/web/playground",
    ...screen("playground"),
    component: lazyRouteComponent(
      () => import("./screens/playground/playground-screen.tsx"),
      "PlaygroundScreen",
    ),
  }),
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

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
