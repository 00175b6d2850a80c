/**
 * Shapes community rows for answers (issue 17): never an author's id or email, only the display
 * name; hidden content is marked for its author (the only one who still gets it).
 */
import type { CommunityComment, CommunityPost, PostSummary } from "@lumen/contracts";
import type { CommentRow } from "../commands/community/add-comment.ts";
import type { PostListRow } from "../commands/community/list-posts.ts";

const name = (value: string | null | undefined) => value?.trim() || "A learner";

export function presentPostSummary(row: PostListRow): PostSummary {
  return {
    id: row.id,
    kind: row.kind === "showcase" ? "showcase" : "help",
    title: row.title,
    authorName: name(row.authorName),
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    solved: row.solved,
    likedByMe: row.likedByMe,
    lessonId: row.lessonId,
    lessonTitle: row.lessonTitle,
    shareCode: row.shareCode,
    hidden: row.hiddenAt !== null,
  };
}

export function presentPost(row: PostListRow, viewerId: string | undefined): CommunityPost {
  return {
    ...presentPostSummary(row),
    body: row.body,
    mine: row.authorId === viewerId,
    trackId: row.trackId,
    tutorialId: row.tutorialId,
    chapterId: row.chapterId,
    files: row.files ?? [],
    failingCheck: row.failingCheck,
  };
}

export function presentComment(
  row: CommentRow & { authorName: string | null },
  viewerId: string | undefined,
): CommunityComment {
  const hidden = row.hiddenAt !== null;
  return {
    id: String(row.id),
    authorName: name(row.authorName),
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    mine: row.authorId === viewerId,
    hidden,
  };
}
