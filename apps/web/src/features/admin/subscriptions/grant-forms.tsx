/**
 * The changes an admin makes to an account's billing (issue 15), each confirmed in a dialog that
 * says what will happen and that it goes to the audit log: grant a plan (a staff, partner or
 * courtesy tier, with a reason and an optional end), revoke a grant, grant credits (an amount and
 * a required reason, shown in the learner's own ledger). The server answers the account's
 * billing after the change, which the panel shows at once.
 */
import {
  ADMIN_BILLING_REASON_MAX,
  ADMIN_CREDIT_GRANT_MAX,
  type AdminBillingDetail,
  type AdminPlanGrant,
  GRANTABLE_TIERS,
} from "@lumen/contracts";
import { type PlanTier, planLabel } from "@lumen/core";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../ui/dialog.tsx";
import { inputClasses } from "../../../ui/field.tsx";
import { Button, Field, Input } from "../../../ui/index.ts";
import { adminSubscriptionsApi } from "./api.ts";
import { tierOptionLabel } from "./format.ts";

type GrantableTier = (typeof GRANTABLE_TIERS)[number];

export interface ChangeProps {
  userId: string;
  email: string;
  onChanged: (answer: AdminBillingDetail, text: string) => void;
  onFailed: (error: Error) => void;
}

const AUDITED = "It is recorded in the audit log.";

/** A dialog that asks before an action, with the action's own words on its button. */
function Confirm(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  action: string;
  danger?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} description={props.description}>
        <DialogFooter>
          <DialogClose asChild>
            <Button size="sm">Cancel</Button>
          </DialogClose>
          <Button
            size="sm"
            variant={props.danger ? "danger" : "brand"}
            onClick={() => {
              props.onOpenChange(false);
              props.onConfirm();
            }}
          >
            {props.action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The reason's rule, as the server has it: given, and not too long. */
function reasonError(reason: string): string | undefined {
  if (reason.trim() === "") return "Give a reason: it is kept with the change.";
  if (reason.trim().length > ADMIN_BILLING_REASON_MAX) {
    return `At most ${ADMIN_BILLING_REASON_MAX} characters.`;
  }
  return undefined;
}

/** An end date typed as YYYY-MM-DD: the end of that day, where the admin is. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

export function GrantPlanForm({ userId, email, onChanged, onFailed }: ChangeProps) {
  const [tier, setTier] = useState<GrantableTier>("instance-tier-internal-staff");
  const [reason, setReason] = useState("");
  const [endsOn, setEndsOn] = useState("");
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const grant = useMutation({
    mutationFn: () =>
      adminSubscriptionsApi.grantPlan(userId, {
        tier,
        reason: reason.trim(),
        ...(endsOn ? { endsAt: endOfDay(endsOn) } : {}),
      }),
    onSuccess: (answer) => {
      setReason("");
      setEndsOn("");
      setTried(false);
      onChanged(answer, `${email} now has ${planLabel(tier)}, granted by you.`);
    },
    onError: onFailed,
  });
  const error = tried ? reasonError(reason) : undefined;
  return (
    <form
      aria-labelledby="grant-plan-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!reasonError(reason)) setConfirming(true);
      }}
      className="space-y-3"
    >
      <h4 id="grant-plan-title" className="font-semibold">
        Grant a plan
      </h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Plan" hint="Staff and partner tiers are granted only here.">
          {(control) => (
            <select
              {...control}
              className={inputClasses({ size: "sm" })}
              value={tier}
              onChange={(event) => setTier(event.target.value as GrantableTier)}
            >
              {GRANTABLE_TIERS.map((t: PlanTier) => (
                <option key={t} value={t}>
                  {tierOptionLabel(t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Ends on" optional hint="Empty: until revoked.">
          {(control) => (
            <Input
              {...control}
              type="date"
              inputSize="sm"
              value={endsOn}
              onChange={(event) => setEndsOn(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Reason for the plan" error={error}>
        {(control) => (
          <Input
            {...control}
            inputSize="sm"
            maxLength={ADMIN_BILLING_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" pending={grant.isPending}>
        Grant plan…
      </Button>
      <Confirm
        open={confirming}
        onOpenChange={setConfirming}
        title={`Grant ${planLabel(tier)} to ${email}?`}
        description={`It replaces any plan an admin granted before, ${endsOn ? `until ${endsOn}` : "until it is revoked"}. Reason: “${reason.trim()}”. ${AUDITED}`}
        action={`Grant ${planLabel(tier)}`}
        onConfirm={() => grant.mutate()}
      />
    </form>
  );
}

export function RevokeGrantButton({ grant, ...props }: ChangeProps & { grant: AdminPlanGrant }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => adminSubscriptionsApi.revokeGrant(props.userId, grant.id),
    onSuccess: (answer) =>
      props.onChanged(
        answer,
        `${grant.label} is revoked: ${props.email} now has ${answer.plan.label}.`,
      ),
    onError: props.onFailed,
  });
  return (
    <>
      <Button
        size="xs"
        variant="danger"
        pending={revoke.isPending}
        onClick={() => setConfirming(true)}
        aria-label={`Revoke ${grant.label}`}
      >
        Revoke…
      </Button>
      <Confirm
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke ${grant.label} from ${props.email}?`}
        description={`They keep any plan they pay for; otherwise they are back on the free plan at once. ${AUDITED}`}
        action="Revoke the grant"
        danger
        onConfirm={() => revoke.mutate()}
      />
    </>
  );
}

/** A whole number of credits within the server's bounds, or the reason it is not one. */
function amountError(text: string): string | undefined {
  const amount = Number(text);
  if (text.trim() === "" || !Number.isInteger(amount) || amount < 1) {
    return "A whole number of credits, at least 1.";
  }
  if (amount > ADMIN_CREDIT_GRANT_MAX) {
    return `At most ${ADMIN_CREDIT_GRANT_MAX.toLocaleString("en-US")} at a time.`;
  }
  return undefined;
}

export function GrantCreditsForm({ userId, email, onChanged, onFailed }: ChangeProps) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // One key for the form as shown: a double click or a retry grants once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const grant = useMutation({
    mutationFn: () =>
      adminSubscriptionsApi.grantCredits(userId, {
        amount: Number(amount),
        reason: reason.trim(),
        idempotencyKey: key,
      }),
    onSuccess: (answer) => {
      onChanged(
        answer,
        `${amount} credits granted to ${email}: their balance is ${answer.plan.credits.balance}.`,
      );
      setAmount("");
      setReason("");
      setTried(false);
      setKey(crypto.randomUUID());
    },
    onError: onFailed,
  });
  const errors = tried ? { amount: amountError(amount), reason: reasonError(reason) } : {};
  return (
    <form
      aria-labelledby="grant-credits-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!amountError(amount) && !reasonError(reason)) setConfirming(true);
      }}
      className="space-y-3"
    >
      <h4 id="grant-credits-title" className="font-semibold">
        Grant credits
      </h4>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Field label="Number of credits" error={errors.amount}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              inputSize="sm"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Reason for the credits"
          hint="The learner sees it in their credit history."
          error={errors.reason}
        >
          {(control) => (
            <Input
              {...control}
              inputSize="sm"
              maxLength={ADMIN_BILLING_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" size="sm" pending={grant.isPending}>
        Grant credits…
      </Button>
      <Confirm
        open={confirming}
        onOpenChange={setConfirming}
        title={`Grant ${amount} credits to ${email}?`}
        description={`They are added to the balance at once, with the reason “${reason.trim()}”, which the learner sees. ${AUDITED}`}
        action={`Grant ${amount} credits`}
        onConfirm={() => grant.mutate()}
      />
    </form>
  );
}
