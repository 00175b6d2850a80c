/**
 * Publishing a project to the showcase (issue 17): pick one of the learner's live shared links
 * (made from a project's or lesson's Share), give it a title and a description, publish.
 */
import { COMMUNITY_LIMITS } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Alert, Button, Card, Field, Input, inputClasses } from "../../../ui/index.ts";
import { communityApi, communityKeys } from "../api/community-client.ts";
import { MarkdownField } from "./markdown-field.tsx";

export function PublishShowcase() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shares = useQuery({ queryKey: ["community", "my-shares"], queryFn: communityApi.myShares });
  const live = (shares.data ?? []).filter((s) => !s.revokedAt && !s.hidden);
  const [code, setCode] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const chosen = code || live[0]?.code || "";
  const publish = useMutation({
    mutationFn: () =>
      communityApi.create({ kind: "showcase", shareCode: chosen, title: title.trim(), body }),
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
      void navigate({ to: "/web/community/$postId", params: { postId: post.id } });
    },
  });
  if (shares.isSuccess && live.length === 0) {
    return (
      <Card padding="sm" className="text-sm">
        To publish a project, share it first from{" "}
        <Link
          to="/web/projects"
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          My projects
        </Link>
        : its shared link is what the showcase shows.
      </Card>
    );
  }
  return (
    <Card padding="sm">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          publish.mutate();
        }}
      >
        <h2 className="text-lg font-semibold">Publish a project</h2>
        <Field label="Shared project">
          {(control) => (
            <select
              {...control}
              value={chosen}
              onChange={(e) => setCode(e.target.value)}
              className={inputClasses()}
            >
              {live.map((share) => (
                <option key={share.code} value={share.code}>
                  {share.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Title">
          {(control) => (
            <Input
              {...control}
              value={title}
              maxLength={COMMUNITY_LIMITS.title}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <MarkdownField
          label="Description"
          value={body}
          onChange={setBody}
          rows={4}
          maxLength={COMMUNITY_LIMITS.body}
        />
        {publish.isError && (
          <Alert tone="warning" size="sm" role="alert">
            {publish.error.message}
          </Alert>
        )}
        <Button
          type="submit"
          variant="brand"
          disabled={publish.isPending || !chosen || title.trim().length < 3}
        >
          Publish to the showcase
        </Button>
      </form>
    </Card>
  );
}
