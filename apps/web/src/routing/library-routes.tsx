/** The library and the glossary (issue 17): /web/library and /glossary/{language}. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { GlossaryNotFound } from "../features/glossary/components/glossary-not-found.tsx";
import {
  glossaryHead,
  glossaryTermHead,
  loadGlossary,
  loadGlossaryTerm,
} from "../features/glossary/glossary-loaders.ts";
import { librarySearch } from "../features/library/search.ts";
import { parent, screen } from "./route-kit.tsx";

export const libraryRoutes = [
  createRoute({
    ...parent,
    path: "/web/library",
    validateSearch: librarySearch,
    ...screen("library"),
    component: lazyRouteComponent(
      () => import("../features/library/library-page.tsx"),
      "LibraryPage",
    ),
  }),
  // The glossary (issue 17): drawn by the server too (apps/server/src/public-pages/), with the
  // glossary-fixed-cta-variations experiment's call to action (issue 14).
  createRoute({
    ...parent,
    path: "/glossary/$language",
    staticData: { screen: "glossary" },
    loader: ({ params }) => loadGlossary(params.language),
    notFoundComponent: GlossaryNotFound,
    head: ({ loaderData }) => glossaryHead(loaderData),
    component: lazyRouteComponent(
      () => import("../features/glossary/glossary-screen.tsx"),
      "GlossaryScreen",
    ),
  }),
  createRoute({
    ...parent,
    path: "/glossary/$language/$slug",
    staticData: { screen: "glossary" },
    loader: ({ params }) => loadGlossaryTerm(params.language, params.slug),
    notFoundComponent: GlossaryNotFound,
    head: ({ loaderData }) => glossaryTermHead(loaderData),
    component: lazyRouteComponent(
      () => import("../features/glossary/glossary-term-screen.tsx"),
      "GlossaryTermScreen",
    ),
  }),
] as const;
