/**
 * A build (/web/build/$id?backlink=..., protected, issue 18): the conversation with the agent on
 * one side; the running app and the files (which the learner may edit too) on the other, as tabs
 * on a phone. The build is read again every second or two while a turn runs, so the learner sees
 * its edits arrive. Publish makes an instance; the back button goes to the backlink when the
 * redirect allow-list accepts it.
 */
import type { Build } from "@lumen/contracts";
import { instanceSlugProblem } from "@lumen/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error.ts";
import { Dialog, DialogContent, DialogFooter } from "../../ui/dialog.tsx";
import { Alert, Button, Field, Input, Spinner } from "../../ui/index.ts";
import { builderApi, builderKeys } from "./api/builder-client.ts";
import { BuildFiles } from "./components/build-files.tsx";
import { BuildPreview } from "./components/build-preview.tsx";
import { PromptBox } from "./components/prompt-box.tsx";
import { TurnCard } from "./components/turn-card.tsx";
import { backlinkTarget } from "./lib/backlink.ts";

type Pane = "chat" | "preview" | "code";

export function BuildPage() {
  const { id } = useParams({ from: "/web/build/$id" });
  const { backlink } = useSearch({ from: "/web/build/$id" });
  const queryClient = useQueryClient();
  const build = useQuery({
    queryKey: builderKeys.build(id),
    queryFn: () => builderApi.read(id),
    refetchInterval: (query) =>
      query.state.data?.turns.at(-1)?.state === "running" ? 1_500 : false,
  });
  const [pane, setPane] = useState<Pane>("chat");
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const chatEnd = useRef<HTMLDivElement>(null);
  const turns = build.data?.turns ?? [];
  const running = turns.at(-1)?.state === "running";

  useEffect(() => {
    chatEnd.current?.scrollIntoView({ block: "nearest" });
  }, [turns.length, turns.at(-1)?.state]);

  const put = (next: Build) => queryClient.setQueryData(builderKeys.build(id), next);
  const failure = (error: unknown, fallback: string) =>
    setProblem(error instanceof ApiError ? error.message : fallback);

  if (build.isPending) {
    return (
      <p className="flex flex-1 items-center justify-center gap-2 p-8 text-slate-500">
        <Spinner /> Opening the build…
      </p>
    );
  }
  if (build.isError || !build.data) {
    return (
      <div className="mx-auto w-full max-w-xl flex-1 space-y-4 p-6">
        <h1 className="text-2xl font-bold">Build not found</h1>
        <Alert tone="warning">
          {build.error instanceof ApiError
            ? build.error.message
            : "This build could not be opened."}
        </Alert>
        <Link to="/web/build" className="font-medium text-brand-700 underline dark:text-brand-300">
          Back to your builds
        </Link>
      </div>
    );
  }
  const data = build.data;
  const latestFinished = [...turns]
    .reverse()
    .find((t) => t.state === "done" || t.state === "failed");

  async function send(prompt: string, image?: { mediaType: string; data: string }) {
    setSending(true);
    setProblem(undefined);
    try {
      await builderApi.sendTurn(id, { prompt, image });
      await queryClient.invalidateQueries({ queryKey: builderKeys.build(id) });
    } catch (error) {
      failure(error, "Your message could not be sent.");
    } finally {
      setSending(false);
    }
  }

  // On a wide screen the chat is always there and the tabs switch the other side.
  const side = pane === "chat" ? "preview" : pane;
  const tab = (key: Pane, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={pane === key}
      aria-controls={`pane-${key}`}
      onClick={() => setPane(key)}
      className={`rounded-lg px-3 py-1.5 text-sm font-medium ${
        pane === key
          ? "bg-brand-600 text-white"
          : key === side
            ? // On a wide screen the chat stays beside the preview, which is then the side shown.
              "text-slate-700 hover:bg-slate-100 lg:bg-brand-600 lg:text-white dark:text-slate-200 dark:hover:bg-slate-800"
            : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      } ${key === "chat" ? "lg:hidden" : ""}`}
    >
      {label}
    </button>
  );

  return (
    <div className="flex w-full flex-1 flex-col gap-3 px-3 py-4 lg:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={backlinkTarget(backlink, "/web/build")}
          className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          ← Back
        </a>
        <h1 className="line-clamp-2 min-w-0 flex-1 break-words text-xl font-bold sm:text-2xl">
          {data.title}
        </h1>
        <Button variant="brand" onClick={() => setPublishing(true)} disabled={running}>
          Publish
        </Button>
      </div>
      {problem && (
        <Alert tone="danger" size="sm" role="alert">
          {problem}
        </Alert>
      )}
      <div role="tablist" aria-label="Build views" className="flex gap-1">
        {tab("chat", "Chat")}
        {tab("preview", "Preview")}
        {tab("code", "Code")}
      </div>
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[minmax(20rem,26rem)_1fr]">
        <section
          id="pane-chat"
          role="tabpanel"
          aria-label="Conversation"
          className={`${pane === "chat" ? "flex" : "hidden"} min-h-0 flex-col gap-3 lg:flex`}
        >
          <div className="min-h-0 flex-1 overflow-y-auto pr-1 lg:max-h-[calc(100vh-16rem)]">
            {turns.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                This build runs its template as it is. Say what to build or change, and the AI edits
                the files, checks that the app builds, and shows it in the preview.
              </p>
            ) : (
              <ol className="space-y-4">
                {turns.map((turn) => (
                  <TurnCard
                    key={turn.id}
                    turn={turn}
                    latest={turn.id === latestFinished?.id}
                    onUndo={async () => {
                      setProblem(undefined);
                      try {
                        put(await builderApi.undo(id, turn.number));
                      } catch (error) {
                        failure(error, "The turn could not be undone.");
                      }
                    }}
                    onAccept={async () => {
                      try {
                        put(await builderApi.accept(id, turn.number));
                      } catch (error) {
                        failure(error, "The turn could not be accepted.");
                      }
                    }}
                  />
                ))}
              </ol>
            )}
            <div ref={chatEnd} />
          </div>
          <PromptBox
            label="Message the builder"
            placeholder="Add a button that clears the finished items"
            submitLabel="Send"
            pending={sending}
            disabled={running}
            onSubmit={send}
          />
        </section>
        <section
          id={`pane-${side}`}
          role="tabpanel"
          aria-label={side === "code" ? "Files" : "Preview"}
          className={`${pane === "chat" ? "hidden" : "flex"} min-h-0 flex-col lg:flex`}
        >
          {side === "code" ? (
            <BuildFiles build={data} busy={running} onSaved={put} />
          ) : (
            <BuildPreview buildId={id} revision={data.revision} />
          )}
        </section>
      </div>
      <PublishDialog open={publishing} onOpenChange={setPublishing} buildId={id} />
    </div>
  );
}

function PublishDialog({
  open,
  onOpenChange,
  buildId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  buildId: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title="Publish this app"
          description="A copy of the app as it is now runs at its own address, for anyone with the link. Later changes go live when you redeploy."
        >
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              const wanted = slug.trim().toLowerCase();
              const problem = wanted ? instanceSlugProblem(wanted) : null;
              if (problem) return setError(problem);
              setPending(true);
              try {
                const instance = await builderApi.publish(buildId, wanted || undefined);
                await queryClient.invalidateQueries({ queryKey: builderKeys.instances });
                onOpenChange(false);
                await navigate({ to: "/web/instance/$id", params: { id: instance.id } });
              } catch (caught) {
                setError(
                  caught instanceof ApiError ? caught.message : "The app could not be published.",
                );
              } finally {
                setPending(false);
              }
            }}
          >
            <Field
              label="Address name"
              optional
              hint="Lower-case letters, digits and hyphens. Leave empty and we choose one."
              error={error}
            >
              {(control) => (
                <Input
                  {...control}
                  value={slug}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setSlug(event.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </Field>
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button variant="brand" type="submit" pending={pending}>
                Publish
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
