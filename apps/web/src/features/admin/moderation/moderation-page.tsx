/**
 * Admin console: moderation (issue 17). The open reports, most reported first, each with a preview
 * of the content and a link to it, its reporters and reasons; an admin hides it, dismisses the
 * reports or bans the author from posting. Below: hidden content (to restore) and the bans that
 * stand (to lift). Every action is in the audit log.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert, Spinner, textLinkClasses } from "../../../ui/index.ts";
import { moderationQuery } from "./api.ts";
import { BanList } from "./ban-list.tsx";
import { ModerationItemCard } from "./moderation-item.tsx";

export function ModerationPage() {
  const queue = useQuery(moderationQuery());
  const bannedIds = new Set(queue.data?.bans.flatMap((ban) => (ban.user.id ? [ban.user.id] : [])));
  return (
    <section aria-labelledby="moderation-title" className="flex flex-col gap-8">
      <header>
        <h1 id="moderation-title" className="text-2xl font-bold tracking-tight">
          Moderation
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Reports of shared code, community posts and comments. Every action is written to the{" "}
          <Link to="/admin/audit" className={textLinkClasses}>
            audit log
          </Link>
          .
        </p>
      </header>
      {queue.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner /> Loading the reports…
        </p>
      ) : queue.isError ? (
        <Alert tone="danger" role="alert">
          Could not load the moderation queue: {queue.error.message}
        </Alert>
      ) : (
        <>
          <section aria-labelledby="open-reports-title">
            <h2 id="open-reports-title" className="text-lg font-semibold">
              Open reports{" "}
              <span className="text-slate-500 dark:text-slate-400">({queue.data.open.length})</span>
            </h2>
            {queue.data.open.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                No open reports. All clear.
              </p>
            ) : (
              <ul aria-label="Open reports" className="mt-3 flex flex-col gap-3">
                {queue.data.open.map((item) => (
                  <ModerationItemCard
                    key={`${item.targetKind}-${item.targetId}`}
                    item={item}
                    bannedIds={bannedIds}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="hidden-title">
            <h2 id="hidden-title" className="text-lg font-semibold">
              Hidden content
            </h2>
            {queue.data.hidden.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Nothing is hidden.</p>
            ) : (
              <ul aria-label="Hidden content" className="mt-3 flex flex-col gap-3">
                {queue.data.hidden.map((item) => (
                  <ModerationItemCard
                    key={`${item.targetKind}-${item.targetId}`}
                    item={item}
                    bannedIds={bannedIds}
                  />
                ))}
              </ul>
            )}
          </section>
          <BanList bans={queue.data.bans} />
        </>
      )}
    </section>
  );
}
