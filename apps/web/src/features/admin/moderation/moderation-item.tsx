/**
 * One reported or hidden thing on the moderation page (issue 17): what it is, a preview with a
 * link to where it is shown, its author, the open reports, and the admin's actions: hide or
 * restore, dismiss the reports, ban the author from posting.
 */
import { type ModerationItem, REPORT_REASON_LABELS } from "@lumen/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Badge, Button, textLinkClasses } from "../../../ui/index.ts";
import { formatDateTime } from "../users/format.ts";
import { type ContentAction, moderationApi, moderationKey } from "./api.ts";
import { BanForm } from "./ban-form.tsx";

const KIND_LABELS = { share: "Shared code", post: "Post", comment: "Comment" } as const;

type Person = ModerationItem["reports"][number]["reporter"];
const personLabel = (p: Person) => p.displayName ?? p.email ?? "a deleted account";

export function ModerationItemCard({
  item,
  bannedIds,
}: {
  item: ModerationItem;
  /** Learners banned from posting now: their content shows "Author banned" instead of the button. */
  bannedIds: ReadonlySet<string>;
}) {
  const client = useQueryClient();
  const [banning, setBanning] = useState(false);
  const action = useMutation({
    mutationFn: (verb: ContentAction) =>
      moderationApi.act(verb, { targetKind: item.targetKind, targetId: item.targetId }),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationKey }),
  });
  const preview = item.preview;
  const hidden = Boolean(preview?.hiddenAt);
  const title = preview?.title ?? "Deleted content";
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <article aria-label={`${KIND_LABELS[item.targetKind]}: ${title}`}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{KIND_LABELS[item.targetKind]}</Badge>
          {hidden ? <Badge tone="warning">Hidden</Badge> : null}
          {item.openCount > 0 ? (
            <span className="text-sm font-semibold text-red-700 dark:text-red-300">
              {item.openCount === 1 ? "1 report" : `${item.openCount} reports`}
            </span>
          ) : null}
        </div>
        <h3 className="mt-2 font-semibold break-words">
          {preview?.url ? (
            <a href={preview.url} target="_blank" rel="noopener" className={textLinkClasses}>
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        {preview ? (
          <>
            <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-200">
              {preview.excerpt}
            </p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              By {personLabel(preview.author)}
              {preview.author.email ? ` (${preview.author.email})` : ""}
              {preview.hiddenAt ? ` · hidden ${formatDateTime(preview.hiddenAt)}` : ""}
            </p>
          </>
        ) : null}
        {item.reports.length > 0 ? (
          <ul aria-label="Reports" className="mt-3 flex flex-col gap-1 text-sm">
            {item.reports.map((report) => (
              <li key={report.id} className="break-words">
                <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
                {report.details ? `: “${report.details}”` : ""}
                <span className="text-slate-500 dark:text-slate-400">
                  {" "}
                  · {personLabel(report.reporter)} · {formatDateTime(report.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {action.isError ? (
          <Alert tone="danger" role="alert" className="mt-3">
            {action.error.message}
          </Alert>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {preview ? (
            hidden ? (
              <Button
                size="sm"
                disabled={action.isPending}
                onClick={() => action.mutate("restore")}
              >
                Restore
              </Button>
            ) : (
              <Button
                size="sm"
                variant="danger"
                disabled={action.isPending}
                onClick={() => action.mutate("hide")}
              >
                Hide
              </Button>
            )
          ) : null}
          {item.openCount > 0 ? (
            <Button size="sm" disabled={action.isPending} onClick={() => action.mutate("dismiss")}>
              Dismiss reports
            </Button>
          ) : null}
          {preview?.author.id && bannedIds.has(preview.author.id) ? (
            <span className="self-center text-sm text-slate-500 dark:text-slate-400">
              Author banned from posting
            </span>
          ) : preview?.author.id ? (
            <Button size="sm" variant="ghost" onClick={() => setBanning((open) => !open)}>
              {banning ? "Cancel ban" : "Ban author from posting"}
            </Button>
          ) : null}
        </div>
        {banning && preview?.author.id ? (
          <BanForm
            userId={preview.author.id}
            who={personLabel(preview.author)}
            onDone={() => setBanning(false)}
          />
        ) : null}
      </article>
    </li>
  );
}
