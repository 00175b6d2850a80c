/**
 * Admin console: errors (issue 14). The issues reported by the web app and the server, newest
 * activity first, filtered by platform and status (search params); "Send a test error" buttons
 * that take the whole path like Sentry's verify step; and the web vitals per route (vitals-chart).
 */
import { ERROR_ISSUE_STATUSES, ERROR_PLATFORMS, type ErrorIssue } from "@lumen/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { Alert, Badge, Button, Spinner } from "../../../ui/index.ts";
import { adminErrorsApi, adminErrorsKeys, errorIssuesQuery } from "./api.ts";
import { formatWhen } from "./format.ts";
import type { ErrorsSearch } from "./search.ts";

const VitalsChart = lazy(() => import("./vitals-chart.tsx"));

/** The browser half of the test: an uncaught error, as a bug would throw it. */
export const TEST_WEB_ERROR_MESSAGE = "This is a test error from the Lumen web app";

const selectClasses =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

export function ErrorsPage() {
  const search = useSearch({ from: "/admin/errors" });
  const navigate = useNavigate({ from: "/admin/errors" });
  const queryClient = useQueryClient();
  const issues = useQuery(errorIssuesQuery(search));
  const [sent, setSent] = useState<string | null>(null);

  const sendWebError = () => {
    setSent("A test error was thrown in this page; it appears below within a few seconds.");
    // Thrown outside React's handlers, so it is uncaught, as a real bug's would be.
    setTimeout(() => {
      throw new Error(TEST_WEB_ERROR_MESSAGE);
    }, 0);
    setTimeout(() => queryClient.invalidateQueries({ queryKey: adminErrorsKeys.all }), 3000);
  };
  const sendServerError = async () => {
    const message = await adminErrorsApi.sendServerTestError().catch(() => null);
    setSent(`The server answered: ${message ?? "no answer"}`);
    await queryClient.invalidateQueries({ queryKey: adminErrorsKeys.all });
  };

  return (
    <section aria-labelledby="errors-title">
      <h1 id="errors-title" className="text-2xl font-bold tracking-tight">
        Errors
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Errors reported by browsers and by the server, grouped into issues.
      </p>

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Platform
          <select
            className={selectClasses}
            value={search.platform ?? ""}
            onChange={(event) =>
              navigate({
                search: (prev: ErrorsSearch) => ({
                  ...prev,
                  platform: (event.target.value || undefined) as ErrorsSearch["platform"],
                }),
                replace: true,
              })
            }
          >
            <option value="">All</option>
            {ERROR_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select
            className={selectClasses}
            value={search.status ?? ""}
            onChange={(event) =>
              navigate({
                search: (prev: ErrorsSearch) => ({
                  ...prev,
                  status: (event.target.value || undefined) as ErrorsSearch["status"],
                }),
                replace: true,
              })
            }
          >
            <option value="">All</option>
            {ERROR_ISSUE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" onClick={sendWebError}>
          Send a test error
        </Button>
        <Button size="sm" onClick={() => void sendServerError()}>
          Send a test server error
        </Button>
      </div>
      {sent ? (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {sent}
        </p>
      ) : null}

      <div className="mt-6">
        {issues.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner /> Loading issues…
          </p>
        ) : issues.isError ? (
          <Alert tone="danger" role="alert">
            Could not load the issues: {issues.error.message}
          </Alert>
        ) : issues.data.issues.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No issues. All quiet.</p>
        ) : (
          <IssueList issues={issues.data.issues} />
        )}
      </div>

      <h2 className="mt-10 text-xl font-bold tracking-tight">Web vitals</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The 75th percentile per day of sampled page views, per route.
      </p>
      <Suspense
        fallback={
          <p className="mt-2 flex items-center gap-2 text-sm">
            <Spinner /> Loading the chart…
          </p>
        }
      >
        <VitalsChart />
      </Suspense>
    </section>
  );
}

function IssueList({ issues }: { issues: ErrorIssue[] }) {
  return (
    <ul aria-label="Issues" className="divide-y divide-slate-200 dark:divide-slate-700">
      {issues.map((issue) => (
        <li key={issue.id} className="py-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link
              to="/admin/errors/$issueId"
              params={{ issueId: String(issue.id) }}
              className="min-w-0 break-words font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {issue.title}
            </Link>
            <span className="flex flex-wrap gap-1">
              <Badge tone="brand">{issue.platform}</Badge>
              <Badge tone={issue.status === "unresolved" ? "warning" : "neutral"}>
                {issue.status}
              </Badge>
            </span>
          </div>
          {issue.culprit ? (
            <p className="mt-1 break-all font-mono text-xs text-slate-600 dark:text-slate-300">
              {issue.culprit}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            <span>{issue.count === 1 ? "1 event" : `${issue.count} events`}</span>
            {" · "}first seen {formatWhen(issue.firstSeen)}
            {" · "}last seen {formatWhen(issue.lastSeen)}
            {issue.release ? ` · release ${issue.release}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
