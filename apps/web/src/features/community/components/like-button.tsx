/**
 * Like or unlike a post (issue 17): a toggle (aria-pressed) showing the count; signed out, it
 * says to sign in. A refusal (the hourly limit) shows its sentence.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../ui/index.ts";
import { communityApi, communityKeys } from "../api/community-client.ts";

export function LikeButton(props: {
  postId: string;
  liked: boolean;
  count: number;
  signedIn: boolean;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState({ liked: props.liked, count: props.count });
  const mutation = useMutation({
    mutationFn: (liked: boolean) => communityApi.like(props.postId, liked),
    onSuccess: (answer) => {
      setState({ liked: answer.liked, count: answer.likeCount });
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
  if (!props.signedIn) {
    return (
      <span className="text-sm text-slate-600 dark:text-slate-300">
        {state.count} {state.count === 1 ? "like" : "likes"} · sign in to like
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant={state.liked ? "brand" : "secondary"}
        size="sm"
        aria-pressed={state.liked}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!state.liked)}
        data-testid="like-button"
      >
        <span aria-hidden="true">{state.liked ? "♥" : "♡"}</span> Like ·{" "}
        <span data-testid="like-total">{state.count}</span>
      </Button>
      {mutation.isError && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {mutation.error.message}
        </span>
      )}
    </span>
  );
}
