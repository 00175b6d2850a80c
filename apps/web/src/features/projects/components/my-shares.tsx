/**
 * "Shared links" on My projects (issue 17): every link the learner made, of a project or of a
 * lesson solution, newest first, with its views and state (shared, unshared, hidden by a
 * moderator), and for a live one Open, Copy link and Unshare. The Share dialog makes links one
 * project or lesson at a time; this is where a learner finds all of them again.
 */
import type { MyShare } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { isApiError } from "../../../lib/api-error.ts";
import { mySharesKey, sharesApi } from "../../../lib/shares-client.ts";
import { useCopyShareLink } from "../../../lib/use-copy-share-link.ts";
import { Alert, Badge, Button, Card } from "../../../ui/index.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

const when = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

function ShareState({ share }: { share: MyShare }) {
  if (share.hidden) return <Badge tone="warning">Hidden by a moderator</Badge>;
  if (share.revokedAt) return <Badge>Unshared {when(share.revokedAt)}</Badge>;
  return <Badge tone="success">Shared</Badge>;
}

function ShareRow({ share, onUnshare }: { share: MyShare; onUnshare(share: MyShare): void }) {
  const link = useCopyShareLink(share.code, "my_projects");
  const live = !share.revokedAt && !share.hidden;
  return (
    <li>
      <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{share.title}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {share.kind === "project" ? "Project" : "Lesson solution"} · shared{" "}
            {when(share.createdAt)} · {share.views} {share.views === 1 ? "view" : "views"}
          </p>
        </div>
        <ShareState share={share} />
        {live ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="secondary">
              <Link to="/web/shared/$code" params={{ code: share.code }}>
                Open
              </Link>
            </Button>
            <Button size="sm" variant="secondary" onClick={link.copy}>
              {link.state === "copied" ? "Copied" : "Copy link"}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onUnshare(share)}
              aria-label={`Unshare ${share.title}`}
            >
              Unshare
            </Button>
          </div>
        ) : null}
        {link.state === "failed" ? (
          <p className="w-full text-sm text-amber-800 dark:text-amber-300" role="status">
            Your browser did not let us copy: open the link and copy it from the address bar.
          </p>
        ) : null}
      </Card>
    </li>
  );
}

export function MyShares() {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: mySharesKey, queryFn: sharesApi.mine });
  const [unsharing, setUnsharing] = useState<MyShare | null>(null);
  const unshare = useMutation({
    mutationFn: (code: string) => sharesApi.unshare(code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySharesKey }),
  });
  const shares = mine.data ?? [];
  return (
    <section aria-labelledby="my-shares-heading" className="space-y-3" data-testid="my-shares">
      <div>
        <h2 id="my-shares-heading" className="text-xl font-bold">
          Shared links
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Links you made to your projects and lesson solutions. Unsharing one makes its page say so.
        </p>
      </div>
      {mine.isError ? (
        <Alert tone="warning" size="sm" role="alert">
          Your shared links could not be loaded: {mine.error.message}
        </Alert>
      ) : null}
      {unshare.isError ? (
        <Alert tone="danger" size="sm" role="alert">
          {isApiError(unshare.error) ? unshare.error.message : "The link was not unshared."}
        </Alert>
      ) : null}
      {mine.isSuccess && shares.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nothing shared yet. Use Share in a project or a lesson to make a link.
        </p>
      ) : null}
      <ul className="space-y-2">
        {shares.map((share) => (
          <ShareRow key={share.code} share={share} onUnshare={setUnsharing} />
        ))}
      </ul>
      <ConfirmDialog
        open={unsharing !== null}
        onOpenChange={(open) => {
          if (!open) setUnsharing(null);
        }}
        title={unsharing ? `Unshare ${unsharing.title}?` : "Unshare?"}
        description="Anyone who opens the link is told you unshared it. Copies already made stay theirs."
        confirmLabel="Unshare"
        onConfirm={async () => {
          if (unsharing) await unshare.mutateAsync(unsharing.code).catch(() => undefined);
        }}
      />
    </section>
  );
}
