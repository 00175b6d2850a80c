/**
 * The Share dialog (issue 17), opened from the project editor and from a code lesson: makes a
 * link to a snapshot of the code as it is now, shows it with Copy, and Unshare (the link then
 * says the author unshared it). A link already open for the same project or lesson is shown
 * again rather than a new one made on every opening. In ui/ because two features use it (ADR 0027).
 */
import type { CreateShareBody, MyShare } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../lib/api-error.ts";
import { mySharesKey as MINE, sharesApi, shareUrl } from "../lib/shares-client.ts";
import { useCopyShareLink } from "../lib/use-copy-share-link.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogFooter } from "./dialog.tsx";

export interface ShareDialogProps {
  source: CreateShareBody;
  /** Runs before a link is made, e.g. sends the editor's unsaved changes so they are shared. */
  prepare?: () => Promise<void> | void;
  /** The button's text; "Share" by default. */
  label?: string;
  className?: string;
}

function sameSource(share: MyShare, source: CreateShareBody): boolean {
  if (share.revokedAt || share.hidden) return false;
  return source.kind === "project"
    ? share.projectId === source.projectId
    : share.lessonId === source.lessonId;
}

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : "Something went wrong; try again.";

function ShareLink({ share, onUnshared }: { share: MyShare; onUnshared: () => void }) {
  const link = useCopyShareLink(share.code, "share_dialog");
  const queryClient = useQueryClient();
  const unshare = useMutation({
    mutationFn: () => sharesApi.unshare(share.code),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MINE });
      onUnshared();
    },
  });
  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Link
        <input
          readOnly
          value={shareUrl(share.code)}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="share-link"
          className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
        />
      </label>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Shared {new Date(share.createdAt).toLocaleString()} · {share.views}{" "}
        {share.views === 1 ? "view" : "views"}
      </p>
      <p aria-live="polite" className="text-sm text-emerald-700 dark:text-emerald-300">
        {link.state === "copied" ? "Link copied." : ""}
      </p>
      {link.state === "failed" ? (
        <Alert tone="warning" size="sm">
          Your browser did not let us copy: select the link and copy it yourself.
        </Alert>
      ) : null}
      {unshare.isError ? (
        <Alert tone="danger" size="sm" role="alert">
          {errorText(unshare.error)}
        </Alert>
      ) : null}
      <DialogFooter className="mt-2">
        <Button
          variant="danger"
          onClick={() => unshare.mutate()}
          pending={unshare.isPending}
          data-testid="share-unshare"
        >
          Unshare
        </Button>
        <Button variant="brand" onClick={link.copy} data-testid="share-copy">
          Copy link
        </Button>
      </DialogFooter>
    </div>
  );
}

function ShareBody({ source, prepare }: Pick<ShareDialogProps, "source" | "prepare">) {
  const queryClient = useQueryClient();
  const [unshared, setUnshared] = useState(false);
  const mine = useQuery({ queryKey: MINE, queryFn: sharesApi.mine, staleTime: 0 });
  const create = useMutation({
    mutationFn: async () => {
      await prepare?.();
      return sharesApi.create(source);
    },
    onSuccess: async () => {
      setUnshared(false);
      await queryClient.invalidateQueries({ queryKey: MINE });
    },
  });
  const open =
    create.data && !unshared ? create.data : mine.data?.find((s) => sameSource(s, source));
  if (mine.isPending) return <p className="text-sm">Loading…</p>;
  if (open) return <ShareLink share={open} onUnshared={() => setUnshared(true)} />;
  return (
    <div className="flex flex-col gap-3">
      {unshared ? (
        <Alert tone="success" size="sm" data-testid="share-unshared">
          Unshared. The link now tells visitors you unshared it.
        </Alert>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Anyone with the link can read and run your code as it is now, and copy it into their own
        projects. What you change later is not shared. They see your display name, never your email.
      </p>
      {create.isError || mine.isError ? (
        <Alert tone="danger" size="sm" role="alert">
          {errorText(create.error ?? mine.error)}
        </Alert>
      ) : null}
      <DialogFooter className="mt-2">
        <Button
          variant="brand"
          onClick={() => create.mutate()}
          pending={create.isPending}
          data-testid="share-create"
        >
          Create link
        </Button>
      </DialogFooter>
    </div>
  );
}

export function ShareDialog({ source, prepare, label = "Share", className }: ShareDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        size="xs"
        className={className}
        onClick={() => setOpen(true)}
        data-testid="share-open"
      >
        {label}
      </Button>
      <DialogContent title="Share your code">
        {open ? <ShareBody source={source} prepare={prepare} /> : null}
      </DialogContent>
    </Dialog>
  );
}
