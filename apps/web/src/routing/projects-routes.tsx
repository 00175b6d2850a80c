/** Freeform projects and shared code (issue 17): My projects, a project, a shared link. */
import { createRoute } from "@tanstack/react-router";
import { parent, screen } from "./route-kit.tsx";

export const projectsRoutes = [
  createRoute({ ...parent, path: "/web/shared/$code", ...screen("shared") }),
] as const;
