/** The admin console's community pages (issue 17): moderation of reports, hidden content and bans. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminPage, adminParent } from "./admin-kit.tsx";

export const communityAdminRoutes = [
  createRoute({
    ...adminParent,
    path: "moderation",
    ...adminPage("Moderation · Admin"),
    component: lazyRouteComponent(
      () => import("../features/admin/moderation/moderation-page.tsx"),
      "ModerationPage",
    ),
  }),
] as const;
