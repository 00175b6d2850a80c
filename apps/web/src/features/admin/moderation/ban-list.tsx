/** The bans from posting that stand (issue 17), each with its reason, end and a way to lift it. */
import type { ModerationBan } from "@lumen/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, Button } from "../../../ui/index.ts";
import { formatDateTime } from "../users/format.ts";
import { moderationApi, moderationKey } from "./api.ts";

export function BanList({ bans }: { bans: ModerationBan[] }) {
  return (
    <section aria-labelledby="bans-title">
      <h2 id="bans-title" className="text-lg font-semibold">
        Banned from posting
      </h2>
      {bans.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Nobody is banned.</p>
      ) : (
        <ul aria-label="Bans" className="mt-3 flex flex-col gap-2">
          {bans.map((ban) => (
            <BanRow key={ban.user.id ?? ban.createdAt} ban={ban} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BanRow({ ban }: { ban: ModerationBan }) {
  const client = useQueryClient();
  const lift = useMutation({
    mutationFn: () => moderationApi.lift(ban.user.id ?? ""),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationKey }),
  });
  const who = ban.user.displayName ?? ban.user.email ?? "a deleted account";
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-700">
      <div className="break-words">
        <p className="font-medium">
          {who}
          {ban.user.email && ban.user.displayName ? (
            <span className="font-normal text-slate-500 dark:text-slate-400">
              {" "}
              ({ban.user.email})
            </span>
          ) : null}
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {ban.reason} · {ban.until ? `until ${formatDateTime(ban.until)}` : "until lifted"}
          {ban.bannedBy ? ` · by ${ban.bannedBy}` : ""}
        </p>
        {lift.isError ? (
          <Alert tone="danger" role="alert" className="mt-2">
            {lift.error.message}
          </Alert>
        ) : null}
      </div>
      <Button size="sm" disabled={lift.isPending || !ban.user.id} onClick={() => lift.mutate()}>
        Lift ban
      </Button>
    </li>
  );
}
