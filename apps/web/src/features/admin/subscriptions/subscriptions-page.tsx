/**
 * Admin console: subscriptions (issue 15). A search by email or name and a state filter, both
 * search params; the accounts as a table (a list on a phone) with their plan, its status and the
 * date that matters, and their credit balance, 25 a page; the panel of the account picked
 * (`user`: subscriber-panel.tsx) with its billing and the changes an admin makes.
 */
import { ADMIN_SUBSCRIPTION_STATES, type AdminSubscriptionRow } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { inputClasses } from "../../../ui/field.tsx";
import { Alert, Badge, Button, Field, Input, Spinner } from "../../../ui/index.ts";
import { formatDate } from "../users/format.ts";
import { adminSubscriptionsQuery } from "./api.ts";
import { rowPeriodEnd, rowStatus, STATE_LABELS } from "./format.ts";
import type { SubscriptionsSearch } from "./search.ts";
import { SubscriberPanel } from "./subscriber-panel.tsx";

export function SubscriptionsPage() {
  const search = useSearch({ from: "/admin/subscriptions" });
  const navigate = useNavigate({ from: "/admin/subscriptions" });
  const results = useQuery(
    adminSubscriptionsQuery({ query: search.query, state: search.state, cursor: search.cursor }),
  );
  const go = (change: Partial<SubscriptionsSearch>, replace = false) =>
    navigate({
      search: (prev: SubscriptionsSearch) => ({ ...prev, cursor: undefined, ...change }),
      replace,
    });
  const open = (user: string | undefined) =>
    navigate({
      search: (prev: SubscriptionsSearch) => ({ ...prev, user }),
      replace: user === undefined,
    });

  return (
    <section aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title" className="text-2xl font-bold tracking-tight">
        Subscriptions
      </h1>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        <Field
          label="Search accounts"
          hint="A part of an email address or a display name."
          className="w-full max-w-md"
        >
          {(control) => (
            <Input
              {...control}
              type="search"
              inputSize="sm"
              autoComplete="off"
              value={search.query ?? ""}
              onChange={(event) => go({ query: event.target.value || undefined }, true)}
            />
          )}
        </Field>
        <Field label="State" className="w-full max-w-56">
          {(control) => (
            <select
              {...control}
              className={inputClasses({ size: "sm" })}
              value={search.state ?? ""}
              onChange={(event) =>
                go({
                  state: (ADMIN_SUBSCRIPTION_STATES as readonly string[]).includes(
                    event.target.value,
                  )
                    ? (event.target.value as SubscriptionsSearch["state"])
                    : undefined,
                })
              }
            >
              <option value="">Every account</option>
              {ADMIN_SUBSCRIPTION_STATES.map((state) => (
                <option key={state} value={state}>
                  {STATE_LABELS[state]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <div className="mt-6">
        {results.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner /> Loading accounts…
          </p>
        ) : results.isError ? (
          <Alert tone="danger" role="alert">
            Could not load the accounts: {results.error.message}
          </Alert>
        ) : results.data.rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{emptyText(search)}</p>
        ) : (
          <Rows rows={results.data.rows} onOpen={open} />
        )}
      </div>

      <nav aria-label="Pages of accounts" className="mt-4 flex gap-2">
        {search.cursor ? (
          <Button size="sm" onClick={() => go({})}>
            First page
          </Button>
        ) : null}
        {results.data?.nextCursor ? (
          <Button size="sm" onClick={() => go({ cursor: results.data?.nextCursor ?? undefined })}>
            Next page
          </Button>
        ) : null}
      </nav>

      {search.user ? (
        <SubscriberPanel userId={search.user} onClose={() => open(undefined)} />
      ) : null}
    </section>
  );
}

function emptyText(search: SubscriptionsSearch): string {
  const state = search.state ? ` that is “${STATE_LABELS[search.state]}”` : "";
  if (search.query) return `No account matching “${search.query}”${state}.`;
  if (search.state) return `No account${state} right now.`;
  return "No accounts yet.";
}

function Status({ row }: { row: AdminSubscriptionRow }) {
  const status = rowStatus(row);
  return <Badge tone={status.tone}>{status.label}</Badge>;
}

/** A table from 640 px up; below, a list of one card an account (both from the same answer). */
function Rows({
  rows,
  onOpen,
}: {
  rows: AdminSubscriptionRow[];
  onOpen: (userId: string) => void;
}) {
  const manage = (row: AdminSubscriptionRow) => (
    <Button size="sm" onClick={() => onOpen(row.user.id)} aria-label={`Manage ${row.user.email}`}>
      Manage
    </Button>
  );
  const head = "py-2 pr-3 font-semibold";
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Accounts and their plans</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className={head}>
              Account
            </th>
            <th scope="col" className={head}>
              Plan
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Period end
            </th>
            <th scope="col" className={`${head} text-right`}>
              Credits
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-2 pr-3">
                <span className="block font-medium">{row.user.displayName ?? "—"}</span>
                <span className="block break-all text-slate-600 dark:text-slate-300">
                  {row.user.email}
                </span>
              </td>
              <td className="py-2 pr-3">{row.label}</td>
              <td className="py-2 pr-3">
                <Status row={row} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{rowPeriodEnd(row, formatDate)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{row.balance}</td>
              <td className="py-2 text-right">{manage(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Accounts and their plans" className="space-y-2 sm:hidden">
        {rows.map((row) => (
          <li
            key={row.user.id}
            className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            <p className="font-medium">{row.user.displayName ?? "—"}</p>
            <p className="break-all text-sm text-slate-600 dark:text-slate-300">{row.user.email}</p>
            <div className="mt-2 flex items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2 text-sm">
                {row.label} <Status row={row} />
              </span>
              {manage(row)}
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Period end {rowPeriodEnd(row, formatDate)} · {row.balance} credits
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
