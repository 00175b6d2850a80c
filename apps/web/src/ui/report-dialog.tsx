/**
 * The "Report" button any feature puts beside what a learner posted (issue 17): a share, a
 * community post or a comment. It opens a dialog asking why (spam, abuse, harmful code, something
 * else, with optional details), sends POST /v1/reports and then says that a moderator will look.
 */
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetKind,
} from "@lumen/contracts";
import { useMutation } from "@tanstack/react-query";
import { cx } from "class-variance-authority";
import { type FormEvent, useId, useState } from "react";
import { reportContent, reportErrorText } from "../lib/reports.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "./dialog.tsx";
import { inputClasses } from "./field.tsx";

const NOUNS: Record<ReportTargetKind, string> = {
  share: "shared code",
  post: "post",
  comment: "comment",
};

export interface ReportButtonProps {
  targetKind: ReportTargetKind;
  targetId: string;
  /** The button's text; "Report" by default. */
  label?: string;
  className?: string;
  onReported?: () => void;
}

export function ReportButton({
  targetKind,
  targetId,
  label = "Report",
  className,
  onReported,
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={className}>
          <FlagIcon />
          {label}
        </Button>
      </DialogTrigger>
      {open ? (
        <ReportForm targetKind={targetKind} targetId={targetId} onReported={onReported} />
      ) : null}
    </Dialog>
  );
}

function ReportForm({
  targetKind,
  targetId,
  onReported,
}: Pick<ReportButtonProps, "targetKind" | "targetId" | "onReported">) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      reportContent({
        targetKind,
        targetId,
        reason: reason as ReportReason,
        ...(details.trim() ? { details: details.trim() } : {}),
      }),
    onSuccess: () => onReported?.(),
  });
  const noun = NOUNS[targetKind];

  if (send.isSuccess) {
    return (
      <DialogContent title="Thank you for your report">
        <p className="text-sm text-slate-700 dark:text-slate-200" role="status">
          {send.data.alreadyReported
            ? `You already reported this ${noun}. A moderator will look at it soon.`
            : `A moderator will look at this ${noun} soon. If it breaks the rules, it will be hidden.`}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="brand">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    send.mutate();
  };

  return (
    <DialogContent
      title={`Report this ${noun}`}
      description="Tell the moderators what is wrong. The author is not told who reported it."
    >
      <form onSubmit={submit} noValidate>
        <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
          <legend className="text-sm font-medium">Reason</legend>
          <div className="mt-2 grid gap-2">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={cx(
                  "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm",
                  reason === value
                    ? "border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-slate-800"
                    : "border-slate-300 dark:border-slate-600",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setMissing(false);
                  }}
                  className="h-4 w-4 accent-brand-600"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
          {missing ? (
            <p id={`${id}-missing`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              Choose a reason.
            </p>
          ) : null}
        </fieldset>
        <label htmlFor={`${id}-details`} className="mt-4 block text-sm font-medium">
          Details <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          id={`${id}-details`}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          rows={3}
          onChange={(event) => setDetails(event.target.value)}
          className={cx(inputClasses({ size: "md" }), "mt-1 resize-y")}
        />
        {send.isError ? (
          <Alert tone="danger" role="alert" className="mt-4">
            {reportErrorText(send.error)}
          </Alert>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="brand" disabled={send.isPending}>
            {send.isPending ? "Sending…" : "Send report"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function FlagIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </svg>
  );
}
