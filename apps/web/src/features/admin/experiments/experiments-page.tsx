/**
 * Admin console: experiments (issue 14, spec section 9). Each experiment with its variants, when
 * it runs (its start date, or the switch of a manual one), the conversion metric the operator
 * picks from the analytics events, and per variant the users exposed, how many converted, and the
 * rate with its 95 % Wilson interval drawn as a bar.
 */
import type { AdminExperiment, AdminExperimentUpdate } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Alert, Badge, Card, Spinner } from "../../../ui/index.ts";
import { adminExperimentsApi, adminExperimentsQuery } from "./api.ts";
import { IntervalBar, percent } from "./interval-bar.tsx";

export function ExperimentsPage() {
  const query = useQuery(adminExperimentsQuery());
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Experiments</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Users are bucketed by their visitor id (or account) and counted at their first exposure. A
          conversion is the chosen event sent after that exposure.
        </p>
      </header>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> Loading experiments…
        </p>
      ) : query.error ? (
        <Alert tone="danger" role="alert">
          {query.error.message}
        </Alert>
      ) : (
        query.data.experiments.map((experiment) => (
          <ExperimentCard
            key={experiment.name}
            experiment={experiment}
            metricEvents={query.data.metricEvents}
          />
        ))
      )}
    </div>
  );
}

function ExperimentCard({
  experiment,
  metricEvents,
}: {
  experiment: AdminExperiment;
  metricEvents: string[];
}) {
  const queryClient = useQueryClient();
  const metricId = useId();
  const titleId = useId();
  const update = useMutation({
    mutationFn: (change: AdminExperimentUpdate) =>
      adminExperimentsApi.update(experiment.name, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminExperimentsQuery().queryKey }),
  });
  const manual = experiment.activation === "manual";
  return (
    <Card asChild padding="sm">
      <section aria-labelledby={titleId} data-experiment={experiment.name}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="break-all font-mono text-base font-bold">
            {experiment.name}
          </h2>
          <Badge tone={experiment.active ? "success" : "neutral"}>
            {experiment.active ? "Running" : "Not running"}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {experiment.activation === "manual"
            ? "Manual: runs while switched on here."
            : `From ${experiment.activation.startDate} (UTC).`}{" "}
          Variants: {experiment.variants.join(", ")}.
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          {manual ? (
            <label className="flex items-center gap-3 text-sm font-medium">
              <button
                type="button"
                role="switch"
                aria-checked={experiment.manuallyActivated}
                disabled={update.isPending}
                onClick={() => update.mutate({ active: !experiment.manuallyActivated })}
                className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${experiment.manuallyActivated ? "bg-emerald-600" : "bg-slate-400 dark:bg-slate-600"}`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${experiment.manuallyActivated ? "translate-x-5" : "translate-x-0.5"}`}
                />
              </button>
              Active
            </label>
          ) : null}
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={metricId} className="text-sm font-medium">
              Conversion metric
            </label>
            <select
              id={metricId}
              value={experiment.metricEvent ?? ""}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({
                  // The options are the server's own list of events.
                  metricEvent: (event.target.value || null) as AdminExperimentUpdate["metricEvent"],
                })
              }
              className="max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              <option value="">None</option>
              {metricEvents.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {update.error ? (
          <Alert tone="danger" role="alert" className="mt-3">
            {update.error.message}
          </Alert>
        ) : null}
        <Results experiment={experiment} />
      </section>
    </Card>
  );
}

function Results({ experiment }: { experiment: AdminExperiment }) {
  return (
    <table className="mt-4 w-full table-fixed text-left text-sm">
      <caption className="sr-only">
        Results of {experiment.name}
        {experiment.metricEvent ? `, converting to ${experiment.metricEvent}` : ""}
      </caption>
      <thead className="text-xs text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="w-[34%] py-1 pr-2 font-semibold">
            Variant
          </th>
          <th scope="col" className="w-[16%] py-1 pr-2 text-right font-semibold">
            Users
          </th>
          <th scope="col" className="w-[16%] py-1 pr-2 text-right font-semibold">
            Conv.
          </th>
          <th scope="col" className="py-1 font-semibold">
            Rate (95 % CI)
          </th>
        </tr>
      </thead>
      <tbody>
        {experiment.results.map((row) => (
          <tr
            key={row.variant}
            data-variant={row.variant}
            className="border-t border-slate-200 align-top dark:border-slate-700"
          >
            <th scope="row" className="break-words py-2 pr-2 font-mono text-xs font-medium">
              {row.variant}
            </th>
            <td className="py-2 pr-2 text-right tabular-nums" data-testid="exposed">
              {row.exposed}
            </td>
            <td className="py-2 pr-2 text-right tabular-nums">
              {experiment.metricEvent ? row.conversions : "–"}
            </td>
            <td className="py-2">
              {experiment.metricEvent && row.rate !== null && row.interval ? (
                <>
                  <span className="tabular-nums font-semibold">{percent(row.rate)}</span>
                  <span className="block text-xs tabular-nums text-slate-600 dark:text-slate-400">
                    {percent(row.interval.low)}–{percent(row.interval.high)}
                  </span>
                  <IntervalBar rate={row.rate} low={row.interval.low} high={row.interval.high} />
                </>
              ) : (
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {experiment.metricEvent ? "No users yet" : "Pick a metric"}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
