/**
 * A community post (/web/community/$postId, issue 17): a help thread (the lesson, the failing
 * check, the learner's code, the question) or a showcase entry (a link to run the shared project),
 * then likes, the replies and a reply form. The author marks a help thread solved. All learner
 * text is drawn as text or through the safe Markdown renderer (ui/user-markdown.tsx).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { ApiError } from "../../lib/api-error.ts";
import { Alert, Badge, Button, Card, Spinner } from "../../ui/index.ts";
import { ReportButton } from "../../ui/report-dialog.tsx";
import { UserMarkdown } from "../../ui/user-markdown.tsx";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { communityApi, communityKeys } from "./api/community-client.ts";
import { CodeFiles } from "./components/code-files.tsx";
import { CommentList } from "./components/comment-list.tsx";
import { LikeButton } from "./components/like-button.tsx";
import { ReplyForm } from "./components/reply-form.tsx";
import { when } from "./lib/when.ts";

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-300";

export function PostPage() {
  const { postId } = useParams({ from: "/web/community/$postId" });
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: communityKeys.thread(postId),
    queryFn: () => communityApi.thread(postId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const solve = useMutation({
    mutationFn: (solved: boolean) => communityApi.setSolved(postId, solved),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
  const back = (
    <p>
      <Link to="/web/community" search={{ tab: thread.data?.post.kind }} className={linkClass}>
        Back to the community
      </Link>
    </p>
  );
  if (thread.isPending) {
    return (
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <p className="flex items-center gap-2 text-slate-500">
          <Spinner /> Loading the thread…
        </p>
      </div>
    );
  }
  if (thread.isError) {
    const error = thread.error;
    const gone = error instanceof ApiError && (error.status === 410 || error.status === 404);
    return (
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold">
          {gone ? "This post is not available" : "Something went wrong"}
        </h1>
        <Alert tone="warning" role="alert">
          {error.message}
        </Alert>
        {back}
      </div>
    );
  }
  const { post, comments } = thread.data;
  const signedIn = status === "signedIn";
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8">
      {back}
      <article className="space-y-4" data-testid="community-thread">
        <header className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{post.kind === "help" ? "Help thread" : "Showcase"}</Badge>
            {post.solved && <Badge tone="success">Solved</Badge>}
          </div>
          <h1 className="text-3xl font-bold break-words [overflow-wrap:anywhere]">{post.title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {post.authorName} · {when(post.createdAt)}
          </p>
        </header>
        {post.hidden && (
          <Alert tone="warning">Hidden by a moderator: only you can still see this post.</Alert>
        )}
        {post.kind === "help" && post.lessonTitle && (
          <p className="text-slate-700 dark:text-slate-200">
            About the lesson{" "}
            {post.trackId && post.tutorialId && post.chapterId ? (
              <Link
                to="/web/track/$trackId/tutorial/$tutorialId/chapter/$chapterId/learn"
                params={{
                  trackId: String(post.trackId),
                  tutorialId: String(post.tutorialId),
                  chapterId: String(post.chapterId),
                }}
                className={linkClass}
              >
                {post.lessonTitle}
              </Link>
            ) : (
              <span className="font-semibold">{post.lessonTitle}</span>
            )}
          </p>
        )}
        {post.failingCheck && (
          <Card padding="sm">
            <p className="text-sm font-semibold">The check that failed</p>
            <p className="mt-1 whitespace-pre-wrap text-sm" data-testid="failing-check">
              {post.failingCheck}
            </p>
          </Card>
        )}
        <UserMarkdown source={post.body} />
        <CodeFiles files={post.files} />
        {post.shareCode && (
          <p>
            <Link to="/web/shared/$code" params={{ code: post.shareCode }} className={linkClass}>
              Open and run the project
            </Link>
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <LikeButton
            key={`${post.likeCount}-${post.likedByMe}`}
            postId={post.id}
            liked={post.likedByMe}
            count={post.likeCount}
            signedIn={signedIn}
          />
          {post.mine && post.kind === "help" && (
            <Button
              variant={post.solved ? "secondary" : "success"}
              size="sm"
              disabled={solve.isPending}
              onClick={() => solve.mutate(!post.solved)}
            >
              {post.solved ? "Mark as not solved" : "Mark as solved"}
            </Button>
          )}
          {!post.mine && <ReportButton targetKind="post" targetId={post.id} />}
        </div>
        {solve.isError && (
          <Alert tone="warning" size="sm" role="alert">
            {solve.error.message}
          </Alert>
        )}
      </article>
      <section aria-labelledby="replies-heading" className="space-y-4">
        <h2 id="replies-heading" className="text-xl font-semibold">
          Replies ({comments.length})
        </h2>
        <CommentList comments={comments} />
        {signedIn ? (
          !post.hidden && <ReplyForm postId={post.id} />
        ) : (
          <p>
            <Link to="/web/login" className={linkClass}>
              Sign in
            </Link>{" "}
            to reply.
          </p>
        )}
      </section>
    </div>
  );
}
