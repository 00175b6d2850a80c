/** The AI app builder (issue 18): builds, machines and instances. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { backlinkSearch } from "../search-params.ts";
import { parent, screen } from "./route-kit.tsx";

export const builderRoutes = [
  createRoute({
    ...parent,
    path: "/web/build",
    ...screen("build"),
    component: lazyRouteComponent(
      () => import("../features/builder/builds-page.tsx"),
      "BuildsPage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/build/$id",
    validateSearch: backlinkSearch,
    ...screen("buildProject"),
    component: lazyRouteComponent(() => import("../features/builder/build-page.tsx"), "BuildPage"),
  }),
  createRoute({
    ...parent,
    path: "/web/build/machines/$id",
    validateSearch: backlinkSearch,
    ...screen("machine"),
    component: lazyRouteComponent(
      () => import("../features/builder/machine-page.tsx"),
      "MachinePage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/instance",
    ...screen("instances"),
    component: lazyRouteComponent(
      () => import("../features/builder/instances-page.tsx"),
      "InstancesPage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/instance/$id",
    ...screen("instance"),
    component: lazyRouteComponent(
      () => import("../features/builder/instance-page.tsx"),
      "InstancePage",
    ),
  }),
] as const;
