/**
 * Admin console: users (issue 14). A search by email or name bound to the `query` search param,
 * the results as a table (a list on a phone), 25 a page, and the panel of the user picked
 * (`user` search param: user-panel.tsx) with their roles and the actions an admin takes.
 */
import type { AdminUserSummary } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { Alert, Badge, Button, Field, Input, Spinner } from "../../../ui/index.ts";
import { adminUsersQuery } from "./api.ts";
import { formatDate } from "./format.ts";
import type { UsersSearch } from "./search.ts";
import { UserPanel } from "./user-panel.tsx";

export function UsersPage() {
  const search = useSearch({ from: "/admin/users" });
  const navigate = useNavigate({ from: "/admin/users" });
  const results = useQuery(adminUsersQuery({ query: search.query, cursor: search.cursor }));
  const open = (user: string | undefined) =>
    navigate({ search: (prev: UsersSearch) => ({ ...prev, user }), replace: user === undefined });

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="text-2xl font-bold tracking-tight">
        Users
      </h1>
      <div className="mt-4 max-w-md">
        <Field label="Search users" hint="A part of an email address or a display name.">
          {(control) => (
            <Input
              {...control}
              type="search"
              inputSize="sm"
              autoComplete="off"
              value={search.query ?? ""}
              onChange={(event) =>
                navigate({
                  search: (prev: UsersSearch) => ({
                    ...prev,
                    query: event.target.value || undefined,
                    cursor: undefined,
                  }),
                  replace: true,
                })
              }
            />
          )}
        </Field>
      </div>

      <div className="mt-6">
        {results.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner /> Loading users…
          </p>
        ) : results.isError ? (
          <Alert tone="danger" role="alert">
            Could not load users: {results.error.message}
          </Alert>
        ) : results.data.users.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {search.query ? `No user matches “${search.query}”.` : "No users yet."}
          </p>
        ) : (
          <UserResults users={results.data.users} onOpen={open} />
        )}
      </div>

      <nav aria-label="Pages of users" className="mt-4 flex gap-2">
        {search.cursor ? (
          <Button
            size="sm"
            onClick={() =>
              navigate({ search: (prev: UsersSearch) => ({ ...prev, cursor: undefined }) })
            }
          >
            First page
          </Button>
        ) : null}
        {results.data?.nextCursor ? (
          <Button
            size="sm"
            onClick={() =>
              navigate({
                search: (prev: UsersSearch) => ({
                  ...prev,
                  cursor: results.data?.nextCursor ?? undefined,
                }),
              })
            }
          >
            Next page
          </Button>
        ) : null}
      </nav>

      {search.user ? <UserPanel userId={search.user} onClose={() => open(undefined)} /> : null}
    </section>
  );
}

function RoleBadges({ user }: { user: AdminUserSummary }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.roles.map((role) => (
        <Badge key={role} tone="brand">
          {role}
        </Badge>
      ))}
      {user.disabled ? <Badge tone="warning">disabled</Badge> : null}
    </span>
  );
}

/** A table from 640 px up; below, a list of one card a user (both from the same answer). */
function UserResults({
  users,
  onOpen,
}: {
  users: AdminUserSummary[];
  onOpen: (userId: string) => void;
}) {
  const manage = (user: AdminUserSummary) => (
    <Button size="sm" onClick={() => onOpen(user.id)} aria-label={`Manage ${user.email}`}>
      Manage
    </Button>
  );
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Users found</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              User
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Roles
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Joined
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Last visit
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-2 pr-3">
                <span className="block font-medium">{user.displayName ?? "—"}</span>
                <span className="block break-all text-slate-600 dark:text-slate-300">
                  {user.email}
                </span>
              </td>
              <td className="py-2 pr-3">
                <RoleBadges user={user} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDate(user.lastVisitAt)}</td>
              <td className="py-2 text-right">{manage(user)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Users found" className="space-y-2 sm:hidden">
        {users.map((user) => (
          <li
            key={user.id}
            className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            <p className="font-medium">{user.displayName ?? "—"}</p>
            <p className="break-all text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
            <div className="mt-2 flex items-center justify-between gap-2">
              <RoleBadges user={user} />
              {manage(user)}
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Joined {formatDate(user.createdAt)} · last visit {formatDate(user.lastVisitAt)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
