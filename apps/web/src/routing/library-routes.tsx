/** The library and the glossary (issue 17): /web/library and /glossary/{language}. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parent, screen } from "./route-kit.tsx";

export const libraryRoutes = [
  createRoute({ ...parent, path: "/web/library", ...screen("library") }),
  createRoute({
    ...parent,
    path: "/glossary/$language",
    ...screen("glossary"),
    // With the glossary-fixed-cta-variations experiment's call to action (issue 14).
    component: lazyRouteComponent(
      () => import("../features/experiments/components/glossary-screen.tsx"),
      "GlossaryScreen",
    ),
  }),
] as const;
