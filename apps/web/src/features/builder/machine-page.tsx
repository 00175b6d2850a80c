/**
 * A machine (/web/build/machines/$id?backlink=..., protected; issue 18): its state in plain words
 * (a failure with its reason), what it uses against its limits, read again every few seconds while
 * in view, the idle-stop note, Restart / Stop / Start, a back button (the allow-listed backlink,
 * else /web/build) and its logs, live (components/machine-logs.tsx).
 */
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams, useSearch } from "@tanstack/react-router";
import { isApiError } from "../../lib/api-error.ts";
import { Alert, Button, Card, Spinner } from "../../ui/index.ts";
import { builderKeys } from "./api/builder-client.ts";
import { BackLink } from "./components/back-link.tsx";
import { MachineLogs } from "./components/machine-logs.tsx";
import { MachineStateBadge, MachineUsage } from "./components/machine-status.tsx";
import { type MachineAction, useMachine, useMachineAction } from "./hooks/use-machine.ts";
import { idleStopNote, machineActions, machineStateWords } from "./lib/machine-words.ts";

const ACTION_LABELS: Record<MachineAction, string> = {
  start: "Start",
  stop: "Stop",
  restart: "Restart",
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function MachinePage() {
  const { id } = useParams({ from: "/web/build/machines/$id" });
  const { backlink } = useSearch({ from: "/web/build/machines/$id" });
  const queryClient = useQueryClient();
  const machine = useMachine(id);
  const action = useMachineAction(id);
  const view = machine.data;

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <BackLink backlink={backlink} fallback="/web/build" />
      <div>
        <h1 className="text-3xl font-bold">Your app's machine</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {view?.role === "instance"
            ? "The machine that runs your published app."
            : "The machine that runs your app's preview while you build it."}
        </p>
      </div>

      {machine.isPending && (
        <p className="flex items-center gap-2 text-slate-500 dark:text-slate-400">
          <Spinner /> Loading the machine…
        </p>
      )}
      {machine.isError && !view && (
        <Alert tone="warning" role="alert">
          {isApiError(machine.error, "not_found")
            ? "This machine was not found: it may have been removed with its build."
            : `The machine could not be loaded: ${machine.error.message}`}{" "}
          <Link to="/web/build" className="font-semibold underline">
            Go to your builds
          </Link>
        </Alert>
      )}

      {view && (
        <>
          <Card asChild className="space-y-4">
            <section aria-labelledby="machine-state-heading">
              <div className="flex flex-wrap items-center gap-3">
                <h2 id="machine-state-heading" className="text-lg font-bold">
                  State
                </h2>
                <MachineStateBadge state={view.state} reason={view.reason} />
              </div>
              {view.state === "failed" ? (
                <Alert tone="danger" data-testid="machine-sentence">
                  {machineStateWords(view.state, view.reason).sentence}
                </Alert>
              ) : (
                <p data-testid="machine-sentence">
                  {machineStateWords(view.state, view.reason).sentence}
                  {view.reason ? ` ${view.reason}` : ""}
                </p>
              )}
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Since {dateTime.format(new Date(view.since))}. {idleStopNote(view.idleStopMinutes)}
              </p>
              <div className="flex flex-wrap gap-2">
                {machineActions(view.state).map((name) => (
                  <Button
                    key={name}
                    variant={name === "stop" ? "danger" : name === "start" ? "brand" : "secondary"}
                    pending={action.isPending && action.variables === name}
                    disabled={action.isPending}
                    onClick={() => action.mutate(name)}
                  >
                    {ACTION_LABELS[name]}
                  </Button>
                ))}
                {view.buildId && view.role === "preview" && (
                  <Button asChild variant="ghost">
                    <Link to="/web/build/$id" params={{ id: view.buildId }}>
                      Open the build
                    </Link>
                  </Button>
                )}
              </div>
              {action.isError && (
                <Alert tone="danger" role="alert">
                  {ACTION_LABELS[action.variables ?? "start"]} did not work: {action.error.message}
                </Alert>
              )}
              {machine.isError && (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  The state could not be read again just now; it is shown as it last was.
                </p>
              )}
            </section>
          </Card>

          <Card asChild className="space-y-4">
            <section aria-labelledby="machine-usage-heading">
              <h2 id="machine-usage-heading" className="text-lg font-bold">
                What it uses
              </h2>
              <MachineUsage machine={view} />
            </section>
          </Card>

          <MachineLogs
            machineId={view.id}
            onState={() =>
              void queryClient.invalidateQueries({ queryKey: builderKeys.machine(view.id) })
            }
          />
        </>
      )}
    </div>
  );
}
