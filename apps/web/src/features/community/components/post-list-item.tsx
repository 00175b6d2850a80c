/**
 * One post in the community's lists (issue 17): its title (the link to the thread), author, date,
 * lesson, likes and replies, and whether it is solved (or, for its author, hidden). Every text is
 * a React text node: titles and names are the learners' own words.
 */
import type { PostSummary } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { Badge, Card } from "../../../ui/index.ts";
import { when } from "../lib/when.ts";

export function PostListItem({ post }: { post: PostSummary }) {
  return (
    <Card padding="sm" className="flex flex-col gap-1.5" data-testid="community-post">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/web/community/$postId"
          params={{ postId: post.id }}
          className="min-w-0 text-lg font-semibold break-words text-brand-700 [overflow-wrap:anywhere] hover:underline dark:text-brand-300"
        >
          {post.title}
        </Link>
        {post.solved && <Badge tone="success">Solved</Badge>}
        {post.hidden && <Badge tone="warning">Hidden by a moderator</Badge>}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {post.authorName} · {when(post.createdAt)}
        {post.lessonTitle ? ` · lesson: ${post.lessonTitle}` : ""}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <span data-testid="like-count">
          {post.likeCount} {post.likeCount === 1 ? "like" : "likes"}
        </span>{" "}
        · {post.commentCount} {post.commentCount === 1 ? "reply" : "replies"}
      </p>
    </Card>
  );
}
