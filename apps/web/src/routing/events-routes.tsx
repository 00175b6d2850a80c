/** Live events (issue 17): /web/events. */
import { createRoute } from "@tanstack/react-router";
import { parent, screen } from "./route-kit.tsx";

export const eventsRoutes = [
  createRoute({ ...parent, path: "/web/events", ...screen("events") }),
] as const;
