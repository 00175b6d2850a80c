/**
 * The AI app builder's home (/web/build, protected, issue 18): "What do you want to build?" with
 * the starting templates, and the learner's builds. Sending a prompt makes a build from the
 * chosen template and sends the prompt as its first turn, then opens the build. A plan without
 * the builder sees what it is and the way to a plan that has it.
 */
import type { AppTemplateKey } from "@lumen/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ApiError } from "../../lib/api-error.ts";
import { Alert, Badge, Button, Card, Spinner } from "../../ui/index.ts";
import { useMyPlan } from "../billing/hooks/use-my-plan.ts";
import { builderApi, builderKeys } from "./api/builder-client.ts";
import { PromptBox } from "./components/prompt-box.tsx";

const when = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

export function BuildsPage() {
  const plan = useMyPlan();
  const list = useQuery({ queryKey: builderKeys.builds, queryFn: builderApi.list });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [template, setTemplate] = useState<AppTemplateKey>("blank");
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const templatesId = useId();
  const allowed = plan.data ? plan.data.entitlements.appBuilder : true;
  const builds = list.data?.builds ?? [];
  const full = list.data ? builds.length >= list.data.limit : false;

  async function start(prompt: string, image?: { mediaType: string; data: string }) {
    setPending(true);
    setProblem(undefined);
    try {
      const build = await builderApi.create({ template, title: titleFrom(prompt) });
      if (prompt.trim()) await builderApi.sendTurn(build.id, { prompt, image });
      await queryClient.invalidateQueries({ queryKey: builderKeys.builds });
      await navigate({ to: "/web/build/$id", params: { id: build.id } });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "The build could not be started.");
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 space-y-8 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">AI app builder</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Describe an app. The AI writes it, you watch it run, change what you like, and publish
            it at its own address.
          </p>
        </div>
        <nav aria-label="Builder" className="flex gap-2 text-sm">
          <Link
            to="/web/instance"
            className="font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            My published apps
          </Link>
        </nav>
      </div>

      {!allowed ? (
        <Alert tone="info" className="space-y-2">
          <p className="font-semibold">The app builder is part of the plans with credits.</p>
          <p>
            Each message to the builder's AI uses credits, by how much it writes. Choose a plan with
            credits to start building.
          </p>
          <Link to="/web/subscribe" className="font-semibold underline">
            See the plans
          </Link>
        </Alert>
      ) : (
        <Card className="space-y-4 p-5">
          <fieldset>
            <legend id={templatesId} className="text-sm font-medium">
              Start from
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {(list.data?.templates ?? []).map((t) => {
                const chosen = t.key === template;
                return (
                  <label
                    key={t.key}
                    className={`flex cursor-pointer flex-col rounded-xl border p-3 text-sm ${
                      chosen
                        ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500 dark:bg-brand-950/50"
                        : "border-slate-200 hover:border-slate-300 dark:border-slate-700"
                    }`}
                  >
                    <span className="flex items-center gap-2 font-semibold">
                      <input
                        type="radio"
                        name="template"
                        value={t.key}
                        checked={chosen}
                        onChange={() => setTemplate(t.key)}
                        className="accent-brand-600"
                      />
                      {t.title}
                    </span>
                    <span className="mt-1 text-slate-600 dark:text-slate-300">{t.description}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <PromptBox
            label="What do you want to build?"
            placeholder="A to-do list where I can add and tick off items"
            submitLabel={pending ? "Starting…" : "Build it"}
            pending={pending}
            disabled={full}
            allowEmpty
            onSubmit={start}
          />
          {full && (
            <Alert tone="info" size="sm">
              You have {list.data?.limit} builds, the most you can keep. Delete one to start
              another.
            </Alert>
          )}
          {problem && (
            <Alert tone="danger" size="sm" role="alert">
              {problem}
            </Alert>
          )}
        </Card>
      )}

      <section aria-labelledby="my-builds" className="space-y-3">
        <h2 id="my-builds" className="text-xl font-semibold">
          My builds
        </h2>
        {list.isPending ? (
          <p className="flex items-center gap-2 text-slate-500">
            <Spinner /> Loading your builds…
          </p>
        ) : list.isError ? (
          <Alert tone="warning">Your builds could not be loaded. Check your connection.</Alert>
        ) : builds.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">
            No builds yet. Describe an app above and it appears here.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {builds.map((build) => (
              <li key={build.id}>
                <Card className="flex h-full flex-col gap-2 p-4">
                  <Link
                    to="/web/build/$id"
                    params={{ id: build.id }}
                    className="text-lg font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    {build.title}
                  </Link>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                    <Badge>{build.template}</Badge>
                    {build.turns} {build.turns === 1 ? "message" : "messages"} · changed{" "}
                    {when(build.updatedAt)}
                  </p>
                  <DeleteBuild id={build.id} title={build.title} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function DeleteBuild({ id, title }: { id: string; title: string }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  if (!asking) {
    return (
      <Button variant="ghost" size="sm" className="self-start" onClick={() => setAsking(true)}>
        Delete
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>Delete “{title}” and its machine?</span>
      <Button
        variant="danger"
        size="sm"
        pending={pending}
        onClick={async () => {
          setPending(true);
          try {
            await builderApi.remove(id);
          } finally {
            setPending(false);
            setAsking(false);
            await queryClient.invalidateQueries({ queryKey: builderKeys.builds });
          }
        }}
      >
        Delete
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setAsking(false)}>
        Keep
      </Button>
    </div>
  );
}

/** A build's first title: the prompt's first words. */
function titleFrom(prompt: string): string | undefined {
  const words = prompt.trim().split(/\s+/).slice(0, 8).join(" ");
  return words ? words.replace(/[.!?,;:]+$/, "").slice(0, 60) : undefined;
}
