/** The admin console's events pages (issue 17): /admin/events, create, edit and cancel. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminPage, adminParent } from "./admin-kit.tsx";

export const eventsAdminRoutes = [
  createRoute({
    ...adminParent,
    path: "events",
    ...adminPage("Events · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/live-events/live-events-page.tsx"),
      "LiveEventsPage",
    ),
  }),
] as const;
