/**
 * Asking the community (/web/community/new, issue 17), opened by a lesson's "Ask the community"
 * after a failed Check, like freeCodeCamp's "Ask for help": the lesson, the failing check's
 * message and the learner's code come pre-filled (lib/help-draft.ts), similar threads for the
 * same lesson are shown first, then the learner writes the question and posts it.
 */
import { COMMUNITY_LIMITS } from "@lumen/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Alert, Button, Card, Field, Input } from "../../ui/index.ts";
import { communityApi, communityKeys } from "./api/community-client.ts";
import { CodeFiles } from "./components/code-files.tsx";
import { MarkdownField } from "./components/markdown-field.tsx";
import { SimilarThreads } from "./components/similar-threads.tsx";
import { clearHelpDraft, draftTitle, type HelpDraft, readHelpDraft } from "./lib/help-draft.ts";

const QUESTION = "What I am trying to do:\n\n\nWhat happens instead:\n\n";

export function NewThreadPage() {
  const [draft] = useState<HelpDraft | undefined>(() => readHelpDraft());
  if (!draft) {
    return (
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-8">
        <h1 className="text-3xl font-bold">Ask the community</h1>
        <Card padding="sm">
          Questions start from a lesson: run Check, and if it does not pass, press “Ask the
          community”. Your code and the check’s message come with the question.
        </Card>
        <Link
          to="/web/community"
          search={{ tab: "help" }}
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          Read the help threads
        </Link>
      </div>
    );
  }
  return <NewThreadForm draft={draft} />;
}

function NewThreadForm({ draft }: { draft: HelpDraft }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(() => draftTitle(draft));
  const [body, setBody] = useState(QUESTION);
  const post = useMutation({
    mutationFn: () =>
      communityApi.create({
        kind: "help",
        title: title.trim(),
        body,
        trackId: draft.trackId,
        tutorialId: draft.tutorialId,
        chapterId: draft.chapterId,
        lessonId: draft.lessonId,
        files: draft.files.slice(0, COMMUNITY_LIMITS.files),
        failingCheck: draft.failingCheck?.slice(0, COMMUNITY_LIMITS.failingCheck),
      }),
    onSuccess: (created) => {
      clearHelpDraft();
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
      void navigate({ to: "/web/community/$postId", params: { postId: created.id } });
    },
  });
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Ask the community</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          About the lesson{" "}
          <span className="font-semibold" data-testid="draft-lesson">
            {draft.lessonTitle}
          </span>
          . Other learners see your question, your code and the check that failed.
        </p>
      </div>
      <SimilarThreads lessonId={draft.lessonId} title={title} />
      <form
        className="space-y-4"
        aria-label="New help thread"
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate();
        }}
      >
        <Field label="Title" hint="A short summary of what goes wrong.">
          {(control) => (
            <Input
              {...control}
              name="title"
              value={title}
              maxLength={COMMUNITY_LIMITS.title}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <MarkdownField
          label="Your question"
          name="body"
          value={body}
          onChange={setBody}
          rows={7}
          maxLength={COMMUNITY_LIMITS.body}
        />
        {draft.failingCheck && (
          <Card padding="sm">
            <p className="text-sm font-semibold">The check that failed</p>
            <p className="mt-1 whitespace-pre-wrap text-sm" data-testid="draft-failing-check">
              {draft.failingCheck}
            </p>
          </Card>
        )}
        <div className="space-y-2">
          <p className="text-sm font-semibold">Your code (shared with the question)</p>
          <CodeFiles files={draft.files} />
        </div>
        {post.isError && (
          <Alert tone="warning" size="sm" role="alert">
            {post.error.message}
          </Alert>
        )}
        <Button
          type="submit"
          variant="brand"
          size="lg"
          disabled={post.isPending || title.trim().length < 3}
        >
          Post the question
        </Button>
      </form>
    </div>
  );
}
