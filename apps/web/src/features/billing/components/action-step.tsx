/**
 * The extra confirmation the third test card asks for, as a bank's 3-D Secure page would: the
 * learner approves the payment or lets the check fail. The heading takes the focus when the step
 * appears, so a screen reader starts there.
 */
import { useEffect, useRef } from "react";
import { Button } from "../../../ui/index.ts";
import { LockIcon } from "./icons.tsx";

export function ActionStep({
  amount,
  message,
  pending,
  onAnswer,
}: {
  amount: string;
  message: string;
  pending: "approve" | "fail" | null;
  onAnswer: (approve: boolean) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="action-title" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <LockIcon />
        </span>
        <h2 id="action-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Confirm this payment
        </h2>
      </div>
      <p>{message}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your bank would ask you to confirm the payment of <strong>{amount}</strong> here. In test
        mode you choose how the check ends.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="brand"
          size="xl"
          className="flex-1"
          pending={pending === "approve"}
          disabled={pending !== null}
          onClick={() => onAnswer(true)}
        >
          Approve payment
        </Button>
        <Button
          variant="danger"
          size="xl"
          className="flex-1"
          pending={pending === "fail"}
          disabled={pending !== null}
          onClick={() => onAnswer(false)}
        >
          Fail the check
        </Button>
      </div>
    </section>
  );
}
