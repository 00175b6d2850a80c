/**
 * The community's posting limits (issue 17): threads and showcase posts, comments and likes, per
 * account in fixed windows, counted in the sign-in limits' store (429 with Retry-After past them).
 */
import type { AccountLimit } from "../moderation/limit-per-account.ts";

const HOUR = 60 * 60_000;

export const COMMUNITY_RATE_LIMITS = {
  posts: { name: "community-posts", limit: 10, windowMs: HOUR },
  comments: { name: "community-comments", limit: 30, windowMs: HOUR },
  likes: { name: "community-likes", limit: 120, windowMs: HOUR },
} satisfies Record<string, AccountLimit>;

export const COMMUNITY_LIMIT_MESSAGES = {
  posts: "You started many posts in a short time. Please wait a little before posting again.",
  comments: "You replied many times in a short time. Please wait a little before replying again.",
  likes: "You liked many posts in a short time. Please wait a little and try again.",
} as const;
