/** The admin console's frame route and the helpers its pages' routes share (issue 14). */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageTitle, parent } from "./route-kit.tsx";

/**
 * The admin console (issue 14): one frame (features/admin/admin-layout.tsx: its navigation, and
 * the 403 page for anyone without the admin role) around a page an area.
 */
export const adminRoute = createRoute({
  ...parent,
  path: "/admin",
  head: () => ({ meta: [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex" }] }),
  component: lazyRouteComponent(() => import("../features/admin/admin-layout.tsx"), "AdminLayout"),
});
export const adminParent = { getParentRoute: () => adminRoute };
export const adminPage = (title: string) => ({
  head: () => ({ meta: [{ title: pageTitle(title) }] }),
});
