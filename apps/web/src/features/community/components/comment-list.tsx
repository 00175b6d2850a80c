/**
 * A thread's replies (issue 17), oldest first, their Markdown drawn by the shared safe renderer
 * (ui/user-markdown.tsx); a reply a moderator hid is shown only to its author, marked.
 */
import type { CommunityComment } from "@lumen/contracts";
import { ReportButton } from "../../../ui/report-dialog.tsx";
import { UserMarkdown } from "../../../ui/user-markdown.tsx";
import { when } from "../lib/when.ts";

export function CommentList({ comments }: { comments: CommunityComment[] }) {
  if (comments.length === 0) {
    return <p className="text-slate-600 dark:text-slate-300">No replies yet.</p>;
  }
  return (
    <ol className="space-y-3" data-testid="comment-list">
      {comments.map((comment) => (
        <li
          key={comment.id}
          className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          data-testid="comment"
        >
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
            <span>
              <span className="font-semibold text-slate-800 dark:text-slate-100">
                {comment.authorName}
              </span>{" "}
              · {when(comment.createdAt)}
            </span>
            {!comment.mine && <ReportButton targetKind="comment" targetId={comment.id} />}
          </div>
          {comment.hidden && (
            <p className="mb-2 text-sm font-semibold text-amber-800 dark:text-amber-300">
              Hidden by a moderator: only you see this reply.
            </p>
          )}
          <UserMarkdown source={comment.body} />
        </li>
      ))}
    </ol>
  );
}
