/**
 * One user in the admin console (issue 14), as a dialog over the users page: the account, its
 * learning figures, its roles (checkboxes), disable or enable, sign out everywhere, impersonate
 * (after a confirmation; never an admin or a disabled account), and its recent audit entries.
 * Every action says how it went, in words; the server's refusals are shown as it words them.
 */
import {
  ADMIN_ROLE,
  type AdminImpersonationAnswer,
  type AdminUserDetail,
  ROLES,
  type Role,
} from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../ui/dialog.tsx";
import { Alert, Badge, Button, Spinner } from "../../../ui/index.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { adminUserQuery, adminUsersApi, adminUsersKeys, type UserAction } from "./api.ts";
import { actorLabel, detailLabel, formatDate, formatDateTime } from "./format.ts";

type Feedback = { tone: "success" | "danger"; text: string } | null;

const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrator (admin)",
  course_engineer: "Course engineer (course_engineer)",
};

export function UserPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const detail = useQuery(adminUserQuery(userId));
  const title = detail.data ? (detail.data.user.displayName ?? detail.data.user.email) : "User";
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} className="max-w-2xl">
        {detail.isPending ? (
          <p className="flex items-center gap-2 text-sm">
            <Spinner /> Loading…
          </p>
        ) : detail.isError ? (
          <Alert tone="danger" role="alert">
            Could not load this user: {detail.error.message}
          </Alert>
        ) : (
          <UserDetail detail={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user, stats, audit } = detail;
  const me = useAuth().user;
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [impersonation, setImpersonation] = useState<AdminImpersonationAnswer | null>(null);
  const isSelf = me?.id === user.id;

  const done = (text: string) => {
    setFeedback({ tone: "success", text });
    return queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
  };
  const failed = (error: Error) => setFeedback({ tone: "danger", text: error.message });

  const act = useMutation({
    mutationFn: (action: UserAction) => adminUsersApi.act(user.id, action),
    onSuccess: (_, action) =>
      done(
        action === "disable"
          ? `${user.email} is disabled: their sessions have ended.`
          : action === "enable"
            ? `${user.email} is enabled and can sign in again.`
            : `${user.email} is signed out everywhere.`,
      ),
    onError: failed,
  });
  const impersonate = useMutation({
    mutationFn: () => adminUsersApi.impersonate(user.id),
    onSuccess: (answer) => {
      setImpersonation(answer);
      return done(`An impersonation token for ${user.email} is ready below.`);
    },
    onError: failed,
  });

  const cannotImpersonate = user.roles.includes(ADMIN_ROLE)
    ? "Administrators cannot be impersonated."
    : user.disabled
      ? "A disabled account cannot be impersonated."
      : null;

  return (
    <div className="space-y-6 text-sm">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        <Item label="Email">
          <span className="break-all">{user.email}</span>{" "}
          {user.emailVerified ? <Badge tone="success">verified</Badge> : <Badge>unverified</Badge>}
        </Item>
        <Item label="Status">
          {user.disabled ? <Badge tone="warning">disabled</Badge> : <Badge>active</Badge>}
        </Item>
        <Item label="Joined">{formatDate(user.createdAt)}</Item>
        <Item label="Last visit">{formatDate(user.lastVisitAt)}</Item>
        <Item label="XP and lessons">
          {stats.totals.xp} XP · {stats.totals.lessons} lessons · {stats.totals.coins} coins
        </Item>
        <Item label="Streak">
          {stats.streak.current} days now · longest {stats.streak.longest}
        </Item>
      </dl>

      <RolesForm
        key={user.roles.join(",")}
        userId={user.id}
        email={user.email}
        roles={user.roles}
        isSelf={isSelf}
        onDone={done}
        onFailed={failed}
      />

      <section aria-labelledby="account-actions">
        <h3 id="account-actions" className="font-semibold">
          Account
        </h3>
        <div className="mt-2 flex flex-wrap gap-2">
          {user.disabled ? (
            <Button
              size="sm"
              pending={act.isPending && act.variables === "enable"}
              onClick={() => act.mutate("enable")}
            >
              Enable account
            </Button>
          ) : (
            <Button
              size="sm"
              variant="danger"
              disabled={isSelf}
              pending={act.isPending && act.variables === "disable"}
              onClick={() => act.mutate("disable")}
            >
              Disable account
            </Button>
          )}
          <Button
            size="sm"
            pending={act.isPending && act.variables === "sign-out"}
            onClick={() => act.mutate("sign-out")}
          >
            Sign out everywhere
          </Button>
          <ImpersonateButton
            email={user.email}
            disabledReason={cannotImpersonate}
            pending={impersonate.isPending}
            onConfirm={() => impersonate.mutate()}
          />
        </div>
        {isSelf ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            This is your own account: you cannot disable it or remove your admin role.
          </p>
        ) : null}
        {cannotImpersonate ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{cannotImpersonate}</p>
        ) : null}
      </section>

      {feedback ? (
        <Alert
          tone={feedback.tone}
          size="sm"
          role={feedback.tone === "danger" ? "alert" : "status"}
        >
          {feedback.text}
        </Alert>
      ) : null}

      {impersonation ? <ImpersonationToken answer={impersonation} email={user.email} /> : null}

      <section aria-labelledby="recent-activity">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id="recent-activity" className="font-semibold">
            Recent audit entries
          </h3>
          <Link
            to="/admin/audit"
            search={{ userId: user.id }}
            className="text-brand-700 underline dark:text-brand-300"
          >
            All entries
          </Link>
        </div>
        {audit.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">No admin action yet.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {audit.map((entry) => (
              <li key={entry.id} className="break-words">
                <span className="font-mono text-xs">{entry.action}</span>{" "}
                {detailLabel(entry) ? `(${detailLabel(entry)}) ` : ""}by {actorLabel(entry)},{" "}
                {formatDateTime(entry.at)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function RolesForm(props: {
  userId: string;
  email: string;
  roles: string[];
  isSelf: boolean;
  onDone: (text: string) => Promise<unknown>;
  onFailed: (error: Error) => void;
}) {
  const [chosen, setChosen] = useState<Role[]>(ROLES.filter((r) => props.roles.includes(r)));
  const save = useMutation({
    mutationFn: () => adminUsersApi.setRoles(props.userId, chosen),
    onSuccess: (answer) =>
      props.onDone(
        `${props.email} now has roles: ${answer.user.roles.join(", ") || "none"}. They take effect on their next request.`,
      ),
    onError: props.onFailed,
  });
  const changed =
    chosen.length !== props.roles.length || chosen.some((r) => !props.roles.includes(r));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <fieldset>
        <legend className="font-semibold">Roles</legend>
        <div className="mt-2 space-y-2">
          {ROLES.map((role) => {
            const locked = props.isSelf && role === ADMIN_ROLE;
            return (
              <label key={role} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={chosen.includes(role)}
                  disabled={locked}
                  onChange={(event) =>
                    setChosen((now) =>
                      event.target.checked ? [...now, role] : now.filter((r) => r !== role),
                    )
                  }
                />
                {ROLE_LABELS[role]}
              </label>
            );
          })}
        </div>
      </fieldset>
      <Button type="submit" size="sm" className="mt-3" disabled={!changed} pending={save.isPending}>
        Save roles
      </Button>
    </form>
  );
}

/** Impersonating acts as someone else: the admin confirms first, in a dialog of its own. */
function ImpersonateButton(props: {
  email: string;
  disabledReason: string | null;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        disabled={props.disabledReason !== null}
        pending={props.pending}
        onClick={() => setOpen(true)}
      >
        Impersonate…
      </Button>
      <DialogContent
        title={`Impersonate ${props.email}?`}
        description="You get a token that acts as this user for 8 hours. Every use is logged, and this action is recorded in the audit log."
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button size="sm">Cancel</Button>
          </DialogClose>
          <Button
            size="sm"
            variant="brand"
            onClick={() => {
              setOpen(false);
              props.onConfirm();
            }}
          >
            Create impersonation token
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The token, and how to use it (spec section 6: an impersonation token from configuration). */
function ImpersonationToken({
  answer,
  email,
}: {
  answer: AdminImpersonationAnswer;
  email: string;
}) {
  return (
    <section aria-labelledby="impersonation-token" className="space-y-2">
      <h3 id="impersonation-token" className="font-semibold">
        Impersonation token for {email}
      </h3>
      <label className="block">
        <span className="sr-only">Impersonation token</span>
        <textarea
          readOnly
          rows={4}
          value={answer.token}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-lg border border-slate-300 bg-white p-2 font-mono text-xs break-all dark:border-slate-600 dark:bg-slate-900"
        />
      </label>
      <p>Valid until {formatDateTime(answer.expiresAt)}.</p>
      <p className="text-slate-600 dark:text-slate-300">
        To use it, start a web server of this site (never production) with{" "}
        <code className="font-mono text-xs">ALLOW_IMPERSONATION=true</code> and{" "}
        <code className="font-mono text-xs">{answer.setting}=&lt;the token&gt;</code>: every call
        from that site's pages then carries this token instead of the signed-in user's, so you see
        what {email} sees. Or send it yourself as{" "}
        <code className="font-mono text-xs">Authorization: Bearer &lt;the token&gt;</code>.
      </p>
    </section>
  );
}
