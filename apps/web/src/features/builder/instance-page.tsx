/**
 * One published app (/web/instance/$id, protected; issue 18): its state, its address (a link and
 * Copy), how many requests it answered, the revision deployed and when; Redeploy (saying when the
 * build has changed since), Stop / Start, Delete after a confirmation (then back to the list); and
 * its machine's logs, live (components/machine-logs.tsx).
 */
import type { Instance } from "@lumen/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { Dialog, DialogContent, DialogFooter } from "../../ui/dialog.tsx";
import { Alert, Badge, Button, Card, Spinner, textLinkClasses } from "../../ui/index.ts";
import { builderKeys } from "./api/builder-client.ts";
import { BackLink } from "./components/back-link.tsx";
import { MachineLogs } from "./components/machine-logs.tsx";
import { MachineStateBadge } from "./components/machine-status.tsx";
import {
  type InstanceAction,
  useDeleteInstance,
  useInstance,
  useInstanceAction,
} from "./hooks/use-instances.ts";
import { machineActions, machineStateWords } from "./lib/machine-words.ts";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const ACTION_LABELS: Record<InstanceAction, string> = {
  redeploy: "Redeploy",
  stop: "Stop",
  start: "Start",
};

export function InstancePage() {
  const { id } = useParams({ from: "/web/instance/$id" });
  const remove = useDeleteInstance(id);
  const instance = useInstance(id, remove.isIdle || remove.isError);
  const view = instance.data;
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <BackLink backlink={undefined} fallback="/web/instance">
        Your published apps
      </BackLink>
      {!view && <h1 className="text-3xl font-bold">Published app</h1>}
      {instance.isPending && (
        <p className="flex items-center gap-2 text-slate-500 dark:text-slate-400">
          <Spinner /> Loading the app…
        </p>
      )}
      {instance.isError && !view && (
        <Alert tone="warning" role="alert">
          {isApiError(instance.error, "not_found")
            ? "This app was not found: it may have been deleted."
            : `The app could not be loaded: ${instance.error.message}`}{" "}
          <Link to="/web/instance" className={textLinkClasses}>
            See your published apps
          </Link>
        </Alert>
      )}
      {view && <InstanceDetails instance={view} remove={remove} />}
    </div>
  );
}

type DeleteMutation = ReturnType<typeof useDeleteInstance>;

function InstanceDetails({ instance, remove }: { instance: Instance; remove: DeleteMutation }) {
  const queryClient = useQueryClient();
  const action = useInstanceAction(instance.id);
  const machine = instance.machine;
  // Redeploy, and the machine's own stop or start (none while it is stopping).
  const actions: InstanceAction[] = machine
    ? ["redeploy", ...machineActions(machine.state).filter((a) => a !== "restart")]
    : [];
  return (
    <>
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl font-bold break-words">{instance.title}</h1>
          {machine ? (
            <MachineStateBadge state={machine.state} reason={machine.reason} />
          ) : (
            <Badge>No machine</Badge>
          )}
        </div>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {machine
            ? machineStateWords(machine.state, machine.reason).sentence
            : "No machine runs this app now. Delete it and publish its build again to bring it back."}
        </p>
      </div>

      <Card asChild className="space-y-4">
        <section aria-labelledby="instance-address-heading">
          <h2 id="instance-address-heading" className="text-lg font-bold">
            Address
          </h2>
          <CopyableAddress url={instance.url} />
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold">Requests answered</dt>
              <dd className="text-slate-600 dark:text-slate-300" data-testid="instance-requests">
                {instance.requests.toLocaleString()}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Deployed</dt>
              <dd className="text-slate-600 dark:text-slate-300">
                {when.format(new Date(instance.deployedAt))}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Revision</dt>
              <dd className="text-slate-600 dark:text-slate-300">
                {instance.deployedRevision}
                {instance.buildId && (
                  <>
                    {" · "}
                    <Link
                      to="/web/build/$id"
                      params={{ id: instance.buildId }}
                      search={{ backlink: `/web/instance/${instance.id}` }}
                      className={textLinkClasses}
                    >
                      open the build
                    </Link>
                  </>
                )}
              </dd>
            </div>
          </dl>
        </section>
      </Card>

      <Card asChild className="space-y-4">
        <section aria-labelledby="instance-actions-heading">
          <h2 id="instance-actions-heading" className="text-lg font-bold">
            Manage
          </h2>
          {instance.behind ? (
            <Alert tone="info" data-testid="instance-behind">
              <Badge tone="warning">Update available</Badge> The build has changed since this app
              was published. Redeploy to publish the changes.
            </Alert>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              This app runs the build as it is now. After you change the build, redeploy to publish
              the changes.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {actions.map((name) => (
              <Button
                key={name}
                variant={name === "redeploy" && instance.behind ? "brand" : "secondary"}
                pending={action.isPending && action.variables === name}
                disabled={action.isPending || (name === "redeploy" && !instance.buildId)}
                onClick={() => action.mutate(name)}
              >
                {ACTION_LABELS[name]}
              </Button>
            ))}
            <DeleteInstance instance={instance} remove={remove} />
            {machine && (
              <Button asChild variant="ghost">
                <Link
                  to="/web/build/machines/$id"
                  params={{ id: machine.id }}
                  search={{ backlink: `/web/instance/${instance.id}` }}
                >
                  Machine details
                </Link>
              </Button>
            )}
          </div>
          {!instance.buildId && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The build this app came from was deleted, so it cannot be redeployed.
            </p>
          )}
          {action.isError && (
            <Alert tone="danger" role="alert">
              {ACTION_LABELS[action.variables ?? "redeploy"]} did not work: {action.error.message}
            </Alert>
          )}
        </section>
      </Card>

      {/* Closed once deleting starts: the machine goes with the app. */}
      {machine && (remove.isIdle || remove.isError) && (
        <MachineLogs
          machineId={machine.id}
          onState={() =>
            void queryClient.invalidateQueries({ queryKey: builderKeys.instance(instance.id) })
          }
        />
      )}
    </>
  );
}

function CopyableAddress({ url }: { url: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copied === "idle") return;
    const timer = setTimeout(() => setCopied("idle"), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={`min-w-0 font-mono text-sm break-all ${textLinkClasses}`}
        data-testid="instance-url"
      >
        {url}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <Button
        size="sm"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied("copied");
          } catch {
            setCopied("failed");
          }
        }}
      >
        Copy address
      </Button>
      <span aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
        {copied === "copied"
          ? "Copied."
          : copied === "failed"
            ? "This browser did not allow copying: select the address instead."
            : ""}
      </span>
    </div>
  );
}

function DeleteInstance({ instance, remove }: { instance: Instance; remove: DeleteMutation }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!remove.isPending) setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <DialogContent
        title={`Delete ${instance.title}?`}
        description="The app stops and its address stops answering. Its build stays: you can publish it again later."
      >
        {remove.isError && (
          <Alert tone="danger" role="alert" size="sm">
            The app was not deleted: {remove.error.message}
          </Alert>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => void navigate({ to: "/web/instance" }),
              })
            }
          >
            Delete app
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
