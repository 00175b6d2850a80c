/**
 * The community (issue 17): the showcase and help threads (/web/community, tabs by search param),
 * a new help thread (/web/community/new, pre-filled by a lesson's "Ask the community") and a post
 * with its replies (/web/community/$postId). Screens: features/community.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import * as z from "zod/mini";
import { pageTitle, parent } from "./route-kit.tsx";

const id = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined);

export const communitySearch = z.object({
  tab: z.catch(z.optional(z.enum(["showcase", "help"])), undefined),
  sort: z.catch(z.optional(z.enum(["newest", "likes"])), undefined),
  lessonId: id,
  unanswered: z.catch(z.optional(z.boolean()), undefined),
});

export const communityRoutes = [
  createRoute({
    ...parent,
    path: "/web/community",
    validateSearch: communitySearch,
    head: () => ({
      meta: [
        { title: pageTitle("Community") },
        {
          name: "description",
          content:
            "Projects learners published, and help threads where learners answer each other.",
        },
      ],
    }),
    component: lazyRouteComponent(
      () => import("../features/community/community-page.tsx"),
      "CommunityPage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/community/new",
    head: () => ({ meta: [{ title: pageTitle("Ask the community") }] }),
    component: lazyRouteComponent(
      () => import("../features/community/new-thread-page.tsx"),
      "NewThreadPage",
    ),
  }),
  createRoute({
    ...parent,
    path: "/web/community/$postId",
    head: () => ({ meta: [{ title: pageTitle("Community thread") }] }),
    component: lazyRouteComponent(() => import("../features/community/post-page.tsx"), "PostPage"),
  }),
] as const;
