/**
 * The admin console's frame (issue 14): inside the app's shell, a navigation between its pages
 * and the page below. Anyone signed in without the admin role sees the 403 page instead, and no
 * admin call is made for them (the server refuses them all the same).
 */
import { ADMIN_ROLE } from "@lumen/contracts";
import { Link, Outlet } from "@tanstack/react-router";
import { config } from "../../lib/config.ts";
import { Button } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";

const PAGES = [
  { to: "/admin/users", label: "Users" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/subscriptions", label: "Subscriptions" },
  { to: "/admin/flags", label: "Feature flags" },
  { to: "/admin/experiments", label: "Experiments" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/errors", label: "Errors" },
  { to: "/admin/moderation", label: "Moderation" },
  { to: "/admin/events", label: "Events" },
] as const;

export function AdminLayout() {
  const { user } = useAuth();
  if (!user?.claims.roles.includes(ADMIN_ROLE)) return <Forbidden />;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>{`Admin · ${config.productName}`}</title>
      <nav
        aria-label="Admin console"
        className="mb-6 border-b border-slate-200 dark:border-slate-700"
      >
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Admin console
        </p>
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {PAGES.map((page) => (
            <li key={page.to}>
              <Link
                to={page.to}
                className="inline-block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:text-white"
                activeProps={{
                  "aria-current": "page",
                  className:
                    "border-brand-600 text-slate-900 dark:border-brand-500 dark:text-white",
                }}
              >
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

/** The 403 page: said plainly, with a way back. */
export function Forbidden() {
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto max-w-xl py-16 text-center">
      <title>{`No access · ${config.productName}`}</title>
      <p className="font-mono text-sm font-semibold text-brand-600 dark:text-brand-500">403</p>
      <h1 id="forbidden-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        This page is for administrators
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Your account does not have access to the admin console. If you run this site, an
        administrator can grant you the role.
      </p>
      <div className="mt-8 flex justify-center">
        <Button asChild variant="brand" size="xl">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </section>
  );
}
