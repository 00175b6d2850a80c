/**
 * The billing page's credits (issue 15): the balance, when the next allowance comes and how
 * much, and the ledger, newest first: each use's cost, the plan's grants, an administrator's
 * with their reason. "Show more" asks for the entries before the last one shown (`before`).
 */
import type { CreditEntry, MyPlanAnswer } from "@lumen/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { creditsQuery } from "../../../lib/queries.ts";
import { Alert, Button, Card, Spinner, textLinkClasses } from "../../../ui/index.ts";
import { billingErrorText } from "../lib/billing-errors.ts";
import { creditsText, hasCredits, ledgerLine, nextGrantText } from "../lib/plan-status.ts";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function CreditsSection({ plan }: { plan: MyPlanAnswer }) {
  const next = nextGrantText(plan.credits);
  return (
    <Card asChild className="sm:p-6">
      <section aria-labelledby="credits-title">
        <h2 id="credits-title" className="text-xl font-bold tracking-tight">
          Credits
        </h2>
        {hasCredits(plan) ? (
          <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
            <p>
              <span
                className="block text-4xl font-extrabold tabular-nums tracking-tight"
                data-testid="credit-balance"
              >
                {plan.credits.balance.toLocaleString("en-US")}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">credits left</span>
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {next ? (
                <>
                  Next: <strong className="font-semibold">{next}</strong>
                </>
              ) : (
                "Your plan grants no monthly credits: these stay until you use them."
              )}
            </p>
          </div>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            You have no credits. Credits pay for the AI tutor and the app builder: the credit plans
            come with 100 to 1,000 every month.{" "}
            <Link to="/web/subscribe" search={{}} className={textLinkClasses}>
              Compare the plans
            </Link>
          </p>
        )}
        <Ledger />
      </section>
    </Card>
  );
}

function Ledger() {
  const ledger = useInfiniteQuery(creditsQuery());
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
      <h3 className="font-semibold">History</h3>
      {ledger.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm">
          <Spinner /> Loading your credit history…
        </p>
      ) : ledger.isError && entries.length === 0 ? (
        <Alert role="alert" tone="warning" size="sm" className="mt-2">
          Your credit history could not be loaded. {billingErrorText(ledger.error)}{" "}
          <Button size="xs" variant="secondary" onClick={() => void ledger.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Nothing here yet. The credits your plan grants, any an administrator gives you, and each
          use of the AI tutor or the app builder will show here, newest first.
        </p>
      ) : (
        <>
          <ol
            aria-label="Credit history"
            className="mt-2 divide-y divide-slate-100 dark:divide-slate-800"
          >
            {entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {ledger.hasNextPage ? (
            <Button
              size="sm"
              variant="secondary"
              className="mt-3"
              pending={ledger.isFetchingNextPage}
              onClick={() => void ledger.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
          {ledger.isFetchNextPageError ? (
            <Alert role="alert" tone="warning" size="sm" className="mt-2">
              {billingErrorText(ledger.error)}
            </Alert>
          ) : null}
        </>
      )}
    </div>
  );
}

function LedgerRow({ entry }: { entry: CreditEntry }) {
  const line = ledgerLine(entry);
  return (
    <li className="flex items-start justify-between gap-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="break-words font-medium">{line.title}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={`font-semibold tabular-nums ${line.tone === "success" ? "text-emerald-700 dark:text-emerald-400" : ""}`}
        >
          <span className="sr-only">
            {entry.amount > 0 ? "Received " : entry.kind === "expire" ? "Expired " : "Spent "}
          </span>
          {line.amount}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {creditsText(entry.balanceAfter)} after
        </p>
      </div>
    </li>
  );
}
