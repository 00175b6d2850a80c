/** Freeform projects and shared code (issue 17): My projects, a project, a shared link. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageTitle, parent, screen } from "./route-kit.tsx";

export const projectsRoutes = [
  // My projects and the project editor (the projects helper): features/projects.
  createRoute({
    ...parent,
    path: "/web/projects",
    head: () => ({
      meta: [
        { title: pageTitle("My projects") },
        { name: "description", content: "Your own coding projects, run in your browser." },
      ],
    }),
    component: lazyRouteComponent(
      () => import("../features/projects/projects-page.tsx"),
      "ProjectsPage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/projects/$projectId",
    head: () => ({ meta: [{ title: pageTitle("Project") }] }),
    component: lazyRouteComponent(
      () => import("../features/projects/project-editor.tsx"),
      "ProjectEditor",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/shared/$code",
    ...screen("shared"),
    component: lazyRouteComponent(
      () => import("../features/projects/shared-page.tsx"),
      "SharedPage",
    ),
  }),
] as const;
