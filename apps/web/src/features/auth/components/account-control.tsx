/**
 * The header's account control: "Sign in" when signed out; signed in, the user's photo and name,
 * and a menu with their plan and credit balance (issue 15, to /web/billing), their profile, the
 * admin console for administrators (issue 14), and "Log out".
 */
import { ADMIN_ROLE } from "@lumen/contracts";
import { Link, useNavigate } from "@tanstack/react-router";
import { HeaderMenu, LIST_ITEM, LIST_PANEL } from "../../../shell/header-menu.tsx";
import { useMyPlan } from "../../billing/hooks/use-my-plan.ts";
import { creditsText, hasCredits } from "../../billing/lib/plan-status.ts";
import { useAuth } from "./auth-provider.tsx";

const linkClass =
  "rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

export function AccountControl() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const plan = useMyPlan().data;
  if (status === "initializing") return <span aria-hidden="true" className="w-16" />;
  if (!user) {
    return (
      <Link to="/web/login" search={{ redirectUrl: undefined }} className={linkClass}>
        Sign in
      </Link>
    );
  }
  const name = user.displayName ?? user.email;
  return (
    <HeaderMenu
      label={`Account: ${name}`}
      trigger={
        <>
          {user.photoURL ? (
            <img
              src={user.photoURL}
              alt=""
              className="h-6 w-6 shrink-0 rounded-full object-cover"
              width={24}
              height={24}
            />
          ) : null}
          <span className="truncate">{name}</span>
        </>
      }
      triggerClassName={`${linkClass} flex max-w-28 items-center gap-2 sm:max-w-40`}
      panelClassName={`min-w-44 ${LIST_PANEL}`}
    >
      {(DropdownMenu) => (
        <>
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500 dark:text-slate-400">
            {user.email}
          </DropdownMenu.Label>
          {plan ? (
            <DropdownMenu.Item asChild className={`cursor-pointer ${LIST_ITEM}`}>
              <Link to="/web/billing" className="block" data-testid="account-plan">
                <span className="block font-medium">{plan.label}</span>
                {hasCredits(plan) ? (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {creditsText(plan.credits.balance)} left
                  </span>
                ) : null}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={`cursor-pointer ${LIST_ITEM}`}>
            <Link to="/web/profile" className="block">
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={`cursor-pointer ${LIST_ITEM}`}>
            <Link to="/web/projects" className="block" data-testid="account-projects">
              My projects
            </Link>
          </DropdownMenu.Item>
          {user.claims.roles.includes(ADMIN_ROLE) ? (
            <DropdownMenu.Item asChild className={`cursor-pointer ${LIST_ITEM}`}>
              <Link to="/admin" className="block">
                Admin console
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            onSelect={async () => {
              await signOut();
              navigate({ to: "/" });
            }}
            className={`cursor-pointer ${LIST_ITEM}`}
          >
            Log out
          </DropdownMenu.Item>
        </>
      )}
    </HeaderMenu>
  );
}
