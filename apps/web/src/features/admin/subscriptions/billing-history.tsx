/**
 * An account's billing as it happened (issue 15), for the console's panel: its subscriptions
 * (tier, interval, status, period and grace), the provider's webhook events (type, when, processed
 * or the error), and the credit ledger, newest first, with the entries before the last one shown
 * on "Show more".
 */
import type {
  AdminBillingEvent,
  AdminCreditEntry,
  AdminCreditsPage,
  AdminSubscription,
} from "@lumen/contracts";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert, Badge, Button } from "../../../ui/index.ts";
import { ledgerLine } from "../../billing/lib/plan-status.ts";
import { formatDate, formatDateTime } from "../users/format.ts";
import { adminSubscriptionsApi } from "./api.ts";
import { eventOutcome, STATE_LABELS } from "./format.ts";

const empty = "mt-2 text-slate-600 dark:text-slate-300";

export function Subscriptions({ subscriptions }: { subscriptions: AdminSubscription[] }) {
  if (subscriptions.length === 0) {
    return <p className={empty}>No subscription: this account has never paid.</p>;
  }
  return (
    <ul className="mt-2 space-y-2">
      {subscriptions.map((sub) => (
        <li key={sub.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{sub.label}</span>
            <span className="text-slate-600 dark:text-slate-300">
              {sub.interval === "year" ? "yearly" : "monthly"}
            </span>
            <Badge tone={sub.active ? "success" : "neutral"}>
              {STATE_LABELS[sub.status as keyof typeof STATE_LABELS] ?? sub.status}
            </Badge>
            {sub.cancelAtPeriodEnd && sub.status !== "canceled" ? (
              <Badge tone="warning">cancels at period end</Badge>
            ) : null}
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {formatDate(sub.currentPeriodStart)} – {formatDate(sub.currentPeriodEnd)}
            {sub.graceUntil ? ` · grace until ${formatDate(sub.graceUntil)}` : ""}
            {sub.trialEnd ? ` · trial until ${formatDate(sub.trialEnd)}` : ""}
            {sub.canceledAt ? ` · canceled ${formatDate(sub.canceledAt)}` : ""}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-slate-500 dark:text-slate-400">
            {sub.provider} · {sub.providerSubscriptionId}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function Events({ events }: { events: AdminBillingEvent[] }) {
  if (events.length === 0) {
    return <p className={empty}>No event from the payment provider for this account.</p>;
  }
  return (
    <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
      {events.map((event) => {
        const outcome = eventOutcome(event, formatDateTime);
        return (
          <li key={`${event.provider}-${event.eventId}`} className="py-2">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-xs">{event.type}</span>
              <Badge tone={outcome.tone}>{outcome.label}</Badge>
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {formatDateTime(event.occurredAt)} · {event.provider} · {event.eventId}
            </p>
            {outcome.detail ? (
              <p className="mt-1 break-words text-xs text-red-700 dark:text-red-400">
                {outcome.detail}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function LedgerRow({ entry }: { entry: AdminCreditEntry }) {
  const line = ledgerLine(entry);
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="break-words">{entry.reason || line.title}</p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {entry.kind} · {formatDateTime(entry.createdAt)}
          {entry.actor ? ` · by ${entry.actor.email}` : ""}
        </p>
      </div>
      <p className="shrink-0 text-right tabular-nums">
        <span className="font-semibold">{line.amount}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          = {entry.balanceAfter}
        </span>
      </p>
    </li>
  );
}

export function Ledger({ userId, first }: { userId: string; first: AdminCreditsPage }) {
  const [older, setOlder] = useState<AdminCreditsPage>({ entries: [], nextBefore: null });
  // A change answers a new first page: the older ones are asked for again from it.
  useEffect(() => setOlder({ entries: [], nextBefore: first.nextBefore }), [first]);
  const more = useMutation({
    mutationFn: (before: number) => adminSubscriptionsApi.credits(userId, before),
    onSuccess: (page) =>
      setOlder((now) => ({
        entries: [...now.entries, ...page.entries],
        nextBefore: page.nextBefore,
      })),
  });
  const entries = [...first.entries, ...older.entries];
  if (entries.length === 0) {
    return <p className={empty}>No credits granted or used yet.</p>;
  }
  return (
    <>
      <ol className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {entries.map((entry) => (
          <LedgerRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {older.nextBefore !== null ? (
        <Button
          size="sm"
          className="mt-2"
          pending={more.isPending}
          onClick={() => older.nextBefore !== null && more.mutate(older.nextBefore)}
        >
          Show more
        </Button>
      ) : null}
      {more.isError ? (
        <Alert role="alert" tone="danger" size="sm" className="mt-2">
          {more.error.message}
        </Alert>
      ) : null}
    </>
  );
}
