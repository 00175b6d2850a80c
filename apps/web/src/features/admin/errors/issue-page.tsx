/**
 * Admin console: one error issue (issue 14). Its counts and release, its status (resolve, ignore,
 * reopen), and the latest events: the exception chain with a readable stack (function, file:line
 * of our sources, and the code around the line when the maps or the server's files have it) and
 * the breadcrumb trail that led to it.
 */
import type { ErrorEvent, ErrorIssueStatus, StackFrame } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { Alert, Badge, Button, Card, Spinner } from "../../../ui/index.ts";
import { adminErrorsApi, adminErrorsKeys, errorIssueQuery } from "./api.ts";
import { formatWhen } from "./format.ts";

export function ErrorIssuePage() {
  const { issueId } = useParams({ from: "/admin/errors/$issueId" });
  const detail = useQuery(errorIssueQuery(issueId));
  const queryClient = useQueryClient();
  const setStatus = useMutation({
    mutationFn: (status: ErrorIssueStatus) => adminErrorsApi.setStatus(issueId, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminErrorsKeys.all }),
  });

  if (detail.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm">
        <Spinner /> Loading the issue…
      </p>
    );
  }
  if (detail.isError) {
    return (
      <Alert tone="danger" role="alert">
        Could not load this issue: {detail.error.message}
      </Alert>
    );
  }
  const { issue, events } = detail.data;
  const latest = events[0];
  return (
    <article aria-labelledby="issue-title" className="min-w-0">
      <Link to="/admin/errors" className="text-sm underline">
        ← All issues
      </Link>
      <h1 id="issue-title" className="mt-2 break-words text-2xl font-bold tracking-tight">
        {issue.title}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Badge tone="brand">{issue.platform}</Badge>
        <Badge tone={issue.status === "unresolved" ? "warning" : "neutral"}>{issue.status}</Badge>
        <span>{issue.count === 1 ? "1 event" : `${issue.count} events`}</span>
        <span>first seen {formatWhen(issue.firstSeen)}</span>
        <span>last seen {formatWhen(issue.lastSeen)}</span>
        {issue.release ? <span>release {issue.release}</span> : null}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {issue.status !== "resolved" ? (
          <Button
            size="sm"
            variant="success"
            pending={setStatus.isPending}
            onClick={() => setStatus.mutate("resolved")}
          >
            Resolve
          </Button>
        ) : null}
        {issue.status !== "ignored" ? (
          <Button
            size="sm"
            pending={setStatus.isPending}
            onClick={() => setStatus.mutate("ignored")}
          >
            Ignore
          </Button>
        ) : null}
        {issue.status !== "unresolved" ? (
          <Button
            size="sm"
            pending={setStatus.isPending}
            onClick={() => setStatus.mutate("unresolved")}
          >
            Reopen
          </Button>
        ) : null}
      </div>
      {setStatus.isError ? (
        <Alert tone="danger" role="alert" className="mt-2">
          {setStatus.error.message}
        </Alert>
      ) : null}
      {latest ? <EventView event={latest} /> : <p className="mt-6 text-sm">No events kept.</p>}
      {events.length > 1 ? (
        <section className="mt-8" aria-labelledby="older-title">
          <h2 id="older-title" className="text-lg font-bold">
            Earlier events
          </h2>
          <ul className="mt-2 text-sm">
            {events.slice(1).map((event) => (
              <li key={event.id} className="break-words">
                {formatWhen(event.receivedAt)}
                {event.release ? ` · ${event.release}` : ""}
                {event.url ? ` · ${event.url}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function EventView({ event }: { event: ErrorEvent }) {
  return (
    <section className="mt-6" aria-labelledby="latest-title">
      <h2 id="latest-title" className="text-lg font-bold">
        Latest event
      </h2>
      <p className="mt-1 break-words text-sm text-slate-600 dark:text-slate-300">
        {formatWhen(event.receivedAt)}
        {event.release ? ` · release ${event.release}` : ""}
        {event.environment ? ` · ${event.environment}` : ""}
        {event.url ? ` · ${event.url}` : ""}
        {event.requestId ? ` · request ${event.requestId}` : ""}
      </p>
      {event.exceptions.map((exception, index) => (
        <div key={`${exception.type}-${index}`} className="mt-4">
          <h3 className="break-words font-mono text-sm font-semibold">
            {index > 0 ? "Caused by " : ""}
            {exception.type}: {exception.value}
          </h3>
          <ol aria-label="Stack" className="mt-2 space-y-2">
            {exception.frames.map((frame, i) => (
              <FrameView key={`${frame.file}-${frame.line}-${i}`} frame={frame} />
            ))}
          </ol>
        </div>
      ))}
      <h3 className="mt-6 font-semibold">Breadcrumbs</h3>
      {event.breadcrumbs.length === 0 ? (
        <p className="text-sm">None.</p>
      ) : (
        <ol aria-label="Breadcrumbs" className="mt-2 space-y-1 text-sm">
          {event.breadcrumbs.map((crumb, i) => (
            <li key={`${crumb.timestamp}-${i}`} className="break-words">
              <span className="font-mono text-xs text-slate-600 dark:text-slate-300">
                {crumb.timestamp ? new Date(crumb.timestamp).toLocaleTimeString() : ""}
              </span>{" "}
              <Badge>{crumb.category ?? "event"}</Badge> {crumb.message ?? ""}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FrameView({ frame }: { frame: StackFrame }) {
  const where = `${frame.file ?? "?"}${frame.line ? `:${frame.line}` : ""}${frame.column ? `:${frame.column}` : ""}`;
  return (
    <li>
      <Card className={`p-2 ${frame.inApp ? "" : "opacity-70"}`}>
        <p className="break-all font-mono text-xs">
          <span className="font-semibold">{frame.function ?? "(anonymous)"}</span>{" "}
          <span className="stack-location">{where}</span>
          {frame.mapped ? <span className="sr-only"> (source-mapped)</span> : null}
        </p>
        {frame.context.length > 0 ? (
          <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-900">
            {frame.context.map(([n, text]) => (
              <code
                key={n}
                className={`block ${n === frame.line ? "bg-amber-100 font-semibold dark:bg-amber-950" : ""}`}
              >
                {`${String(n).padStart(4)}  ${text}`}
              </code>
            ))}
          </pre>
        ) : null}
      </Card>
    </li>
  );
}
