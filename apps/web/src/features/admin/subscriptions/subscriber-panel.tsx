/**
 * One account's billing in the admin console (issue 15), as a dialog over the subscriptions
 * page: the plan in force and where it comes from, the balance, plan grants (grant a staff,
 * partner or courtesy tier; revoke), "Grant credits", its subscriptions, the provider's events,
 * the ledger, and the billing entries of the audit log. Every change says how it went, in words;
 * the server's refusals are shown as it words them.
 */
import type { AdminBillingDetail, AdminPlanGrant } from "@lumen/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { Dialog, DialogContent } from "../../../ui/dialog.tsx";
import { Alert, Badge, Spinner, textLinkClasses } from "../../../ui/index.ts";
import { adminAuditQuery, adminUsersKeys } from "../users/api.ts";
import { actorLabel, detailLabel, formatDateTime } from "../users/format.ts";
import { adminBillingQuery, adminSubscriptionsKeys } from "./api.ts";
import { Events, Ledger, Subscriptions } from "./billing-history.tsx";
import { grantState } from "./format.ts";
import {
  type ChangeProps,
  GrantCreditsForm,
  GrantPlanForm,
  RevokeGrantButton,
} from "./grant-forms.tsx";

type Feedback = { tone: "success" | "danger"; text: string } | null;

export function SubscriberPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const detail = useQuery(adminBillingQuery(userId));
  const title = detail.data ? (detail.data.user.displayName ?? detail.data.user.email) : "Account";
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* sm:, so that it wins over the dialog's own max-w-md (the kit merges no classes). */}
      <DialogContent title={title} className="sm:max-w-4xl">
        {detail.isPending ? (
          <p className="flex items-center gap-2 text-sm">
            <Spinner /> Loading…
          </p>
        ) : detail.isError ? (
          <Alert tone="danger" role="alert">
            Could not load this account's billing: {detail.error.message}
          </Alert>
        ) : (
          <BillingDetail detail={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function BillingDetail({ detail }: { detail: AdminBillingDetail }) {
  const { user, plan } = detail;
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const change: ChangeProps = {
    userId: user.id,
    email: user.email,
    onChanged: (answer, text) => {
      queryClient.setQueryData(adminSubscriptionsKeys.billing(user.id), answer);
      setFeedback({ tone: "success", text });
      // The list's rows and the audit log (its entry was written with the change).
      void queryClient.invalidateQueries({ queryKey: [...adminSubscriptionsKeys.all, "list"] });
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
    },
    onFailed: (error) => setFeedback({ tone: "danger", text: error.message }),
  };
  const source =
    plan.source === "grant"
      ? "granted by an admin"
      : plan.source === "subscription"
        ? "through a subscription"
        : "free";

  return (
    <div className="space-y-6 text-sm">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-3">
        <Item label="Email">
          <span className="break-all">{user.email}</span>
        </Item>
        <Item label="Plan in force">
          <span className="font-semibold" data-testid="admin-plan-label">
            {plan.label}
          </span>{" "}
          <span className="text-slate-600 dark:text-slate-300">({source})</span>
        </Item>
        <Item label="Credits">
          <span className="font-semibold tabular-nums" data-testid="admin-credit-balance">
            {plan.credits.balance}
          </span>
        </Item>
      </dl>

      {feedback ? (
        <Alert
          tone={feedback.tone}
          size="sm"
          role={feedback.tone === "danger" ? "alert" : "status"}
        >
          {feedback.text}
        </Alert>
      ) : null}

      <div className="grid gap-6 md:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <Part id="plan-grants" title="Plan grants">
            <Grants grants={detail.grants} change={change} />
            <div className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <GrantPlanForm {...change} />
            </div>
          </Part>
          <Part id="credit-ledger" title="Credits">
            <div className="mt-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <GrantCreditsForm {...change} />
            </div>
            <Ledger userId={user.id} first={detail.ledger} />
          </Part>
        </div>
        <div className="min-w-0 space-y-6">
          <Part id="subscriptions-history" title="Subscriptions">
            <Subscriptions subscriptions={detail.subscriptions} />
          </Part>
          <Part id="billing-events" title="Billing events">
            <Events events={detail.events} />
          </Part>
          <BillingAudit userId={user.id} />
        </div>
      </div>
    </div>
  );
}

function Grants({ grants, change }: { grants: AdminPlanGrant[]; change: ChangeProps }) {
  if (grants.length === 0) {
    return <p className="mt-2 text-slate-600 dark:text-slate-300">No plan granted by an admin.</p>;
  }
  return (
    <ul className="mt-2 space-y-2">
      {grants.map((grant) => (
        <li
          key={grant.id}
          className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{grant.label}</span>
              <Badge tone={grant.active ? "success" : "neutral"}>
                {grantState(grant, formatDateTime)}
              </Badge>
            </p>
            <p className="mt-1 break-words text-slate-600 dark:text-slate-300">
              “{grant.reason}” · by {grant.grantedBy?.email ?? "command line"},{" "}
              {formatDateTime(grant.startsAt)}
            </p>
          </div>
          {grant.active ? <RevokeGrantButton grant={grant} {...change} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The audit log's billing entries for this account (the first page of its entries). */
function BillingAudit({ userId }: { userId: string }) {
  const log = useQuery(adminAuditQuery({ userId }));
  const entries = (log.data?.entries ?? []).filter((entry) => entry.action.startsWith("billing."));
  return (
    <Part id="billing-audit" title="Audit log">
      {log.isError ? (
        <Alert tone="danger" size="sm" role="alert" className="mt-2">
          Could not load the audit log: {log.error.message}
        </Alert>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          No billing change by an admin yet.
        </p>
      ) : (
        <ul className="mt-2 space-y-1" data-testid="billing-audit">
          {entries.map((entry) => (
            <li key={entry.id} className="break-words">
              <span className="font-mono text-xs">{entry.action}</span>{" "}
              {detailLabel(entry) ? `(${detailLabel(entry)}) ` : ""}by {actorLabel(entry)},{" "}
              {formatDateTime(entry.at)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2">
        <Link to="/admin/audit" search={{ userId }} className={textLinkClasses}>
          Every entry for this account
        </Link>
      </p>
    </Part>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
