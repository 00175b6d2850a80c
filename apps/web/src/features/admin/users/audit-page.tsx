/**
 * Admin console: the audit log (issue 14). Every action taken in the console or with
 * `npm run admin`, newest first, 25 a page, filtered by action (and by account, from a user's
 * panel); the filters and the page are search params, so a view can be linked to.
 */
import type { AuditEntry } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { inputClasses } from "../../../ui/field.tsx";
import { Alert, Button, Field, Spinner } from "../../../ui/index.ts";
import { adminAuditQuery } from "./api.ts";
import { actorLabel, detailLabel, formatDateTime, targetLabel } from "./format.ts";
import type { AuditSearch } from "./search.ts";

export function AuditPage() {
  const search = useSearch({ from: "/admin/audit" });
  const navigate = useNavigate({ from: "/admin/audit" });
  const log = useQuery(adminAuditQuery(search));
  const actions = log.data?.actions ?? [];
  const go = (change: Partial<AuditSearch>) =>
    navigate({ search: (prev: AuditSearch) => ({ ...prev, cursor: undefined, ...change }) });

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-2xl font-bold tracking-tight">
        Audit log
      </h1>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <Field label="Action" className="w-full max-w-xs">
          {(control) => (
            <select
              {...control}
              className={inputClasses({ size: "sm" })}
              value={search.action ?? ""}
              onChange={(event) => go({ action: event.target.value || undefined })}
            >
              <option value="">All actions</option>
              {[...new Set([...actions, ...(search.action ? [search.action] : [])])].map(
                (action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
        {search.userId ? (
          <p className="flex items-center gap-2 text-sm">
            One account only
            <Button size="sm" onClick={() => go({ userId: undefined })}>
              Show every account
            </Button>
          </p>
        ) : null}
      </div>

      <div className="mt-6">
        {log.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner /> Loading the audit log…
          </p>
        ) : log.isError ? (
          <Alert tone="danger" role="alert">
            Could not load the audit log: {log.error.message}
          </Alert>
        ) : log.data.entries.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No entries.</p>
        ) : (
          <ol aria-label="Audit entries, newest first" className="space-y-2">
            {log.data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </div>

      <nav aria-label="Pages of the audit log" className="mt-4 flex gap-2">
        {search.cursor ? (
          <Button size="sm" onClick={() => go({})}>
            Newest entries
          </Button>
        ) : null}
        {log.data?.nextCursor ? (
          <Button
            size="sm"
            onClick={() =>
              navigate({
                search: (prev: AuditSearch) => ({
                  ...prev,
                  cursor: log.data?.nextCursor ?? undefined,
                }),
              })
            }
          >
            Older entries
          </Button>
        ) : null}
      </nav>
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const detail = detailLabel(entry);
  return (
    <li className="rounded-xl border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <span className="font-mono font-semibold">{entry.action}</span>
        <time dateTime={entry.at} className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="mt-1 break-words text-slate-700 dark:text-slate-200">
        {actorLabel(entry)}
        {entry.target ? ` → ${targetLabel(entry)}` : ""}
        {detail ? <span className="text-slate-500 dark:text-slate-400"> · {detail}</span> : null}
      </p>
    </li>
  );
}
