/**
 * Replying in a thread (issue 17). "@" and a participant's display name mentions them: they get
 * a mail unless they turned mention mails off. Refusals (a ban, the hourly limit) show their
 * sentence from the server.
 */
import { COMMUNITY_LIMITS } from "@lumen/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button } from "../../../ui/index.ts";
import { communityApi, communityKeys } from "../api/community-client.ts";
import { MarkdownField } from "./markdown-field.tsx";

export function ReplyForm({ postId }: { postId: string }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const mutation = useMutation({
    mutationFn: () => communityApi.reply(postId, body),
    onSuccess: () => {
      setBody("");
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) mutation.mutate();
      }}
    >
      <MarkdownField
        label="Your reply"
        name="reply"
        value={body}
        onChange={setBody}
        rows={5}
        maxLength={COMMUNITY_LIMITS.comment}
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Mention someone in this thread with @ and their name, like @Ada: they get an email.
      </p>
      {mutation.isError && (
        <Alert tone="warning" size="sm" role="alert">
          {mutation.error.message}
        </Alert>
      )}
      <Button type="submit" variant="brand" disabled={mutation.isPending || !body.trim()}>
        Post reply
      </Button>
    </form>
  );
}
