/**
 * The admin console's routes (issue 14 and after): the frame and one page an area. An area that
 * adds console pages keeps them in its own module and is listed in `adminTree` below.
 */
import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { analyticsSearch } from "../features/admin/analytics/search.ts";
import { errorsSearch } from "../features/admin/errors/search.ts";
import { experimentsSearch } from "../features/admin/experiments/search.ts";
import { flagsSearch } from "../features/admin/flags/search.ts";
import { subscriptionsSearch } from "../features/admin/subscriptions/search.ts";
import { auditSearch, usersSearch } from "../features/admin/users/search.ts";
import { adminPage, adminParent, adminRoute } from "./admin-kit.tsx";
import { communityAdminRoutes } from "./community-admin-routes.tsx";
import { eventsAdminRoutes } from "./events-admin-routes.tsx";

const coreAdminRoutes = [
  createRoute({
    ...adminParent,
    path: "/",
    beforeLoad: () => {
      throw redirect({ to: "/admin/users", replace: true });
    },
  }),
  createRoute({
    ...adminParent,
    path: "users",
    validateSearch: usersSearch,
    ...adminPage("Users · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/users/users-page.tsx"),
      "UsersPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "audit",
    validateSearch: auditSearch,
    ...adminPage("Audit log · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/users/audit-page.tsx"),
      "AuditPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "subscriptions",
    validateSearch: subscriptionsSearch,
    ...adminPage("Subscriptions · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/subscriptions/subscriptions-page.tsx"),
      "SubscriptionsPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "flags",
    validateSearch: flagsSearch,
    ...adminPage("Feature flags · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/flags/flags-page.tsx"),
      "FlagsPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "experiments",
    validateSearch: experimentsSearch,
    ...adminPage("Experiments · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/experiments/experiments-page.tsx"),
      "ExperimentsPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "analytics",
    validateSearch: analyticsSearch,
    ...adminPage("Analytics · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/analytics/analytics-page.tsx"),
      "AnalyticsPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "errors",
    validateSearch: errorsSearch,
    ...adminPage("Errors · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/errors/errors-page.tsx"),
      "ErrorsPage",
    ),
  }),
  createRoute({
    ...adminParent,
    path: "errors/$issueId",
    ...adminPage("Error · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/errors/issue-page.tsx"),
      "ErrorIssuePage",
    ),
  }),
] as const;

export const adminTree = adminRoute.addChildren([
  ...coreAdminRoutes,
  ...communityAdminRoutes,
  ...eventsAdminRoutes,
]);
