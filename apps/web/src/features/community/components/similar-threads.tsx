/**
 * Threads like the one about to be asked (issue 17): the same lesson's first, then threads
 * sharing words with the title, so a learner finds an answer before asking again.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useDeferredValue } from "react";
import { Badge } from "../../../ui/index.ts";
import { communityApi, communityKeys } from "../api/community-client.ts";

export function SimilarThreads({ lessonId, title }: { lessonId?: number; title: string }) {
  const words = useDeferredValue(title.trim());
  const similar = useQuery({
    queryKey: communityKeys.similar(lessonId, words),
    queryFn: () => communityApi.similar(lessonId, words || undefined),
  });
  const posts = similar.data?.posts ?? [];
  return (
    <section aria-labelledby="similar-heading" className="space-y-2" data-testid="similar-threads">
      <h2 id="similar-heading" className="text-lg font-semibold">
        Similar threads
      </h2>
      {similar.isSuccess && posts.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nobody asked about this yet: yours will be the first.
        </p>
      )}
      <ul className="space-y-1.5">
        {posts.map((post) => (
          <li key={post.id} className="flex flex-wrap items-center gap-2 text-sm">
            <Link
              to="/web/community/$postId"
              params={{ postId: post.id }}
              className="min-w-0 font-medium break-words text-brand-700 [overflow-wrap:anywhere] hover:underline dark:text-brand-300"
            >
              {post.title}
            </Link>
            {post.solved && <Badge tone="success">Solved</Badge>}
            <span className="text-slate-600 dark:text-slate-300">
              {post.commentCount} {post.commentCount === 1 ? "reply" : "replies"}
              {post.lessonId === lessonId && lessonId ? " · same lesson" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
