/** Live events (issue 17): /web/events, open to guests (RSVP asks them to sign in). */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageTitle, parent } from "./route-kit.tsx";

export const eventsRoutes = [
  createRoute({
    ...parent,
    path: "/web/events",
    staticData: { screen: "events" },
    head: () => ({
      meta: [
        { title: pageTitle("Live events") },
        {
          name: "description",
          content: "Workshops, study groups and challenges with other learners, live.",
        },
      ],
    }),
    component: lazyRouteComponent(() => import("../features/events/events-page.tsx"), "EventsPage"),
  }),
] as const;
