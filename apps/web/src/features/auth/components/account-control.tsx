/** The header's account control: "Sign in" when signed out; the user's name and a menu when in. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useNavigate } from "@tanstack/react-router";
import { HeaderMenu, LIST_ITEM, LIST_PANEL } from "../../../shell/header-menu.tsx";
import { useAuth } from "./auth-provider.tsx";

const linkClass =
  "rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

export function AccountControl() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
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
      trigger={name}
      triggerClassName={`${linkClass} max-w-28 truncate sm:max-w-40`}
      panelClassName={`min-w-44 ${LIST_PANEL}`}
    >
      <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500 dark:text-slate-400">
        {user.email}
      </DropdownMenu.Label>
      <DropdownMenu.Item
        onSelect={async () => {
          await signOut();
          navigate({ to: "/" });
        }}
        className={`cursor-pointer ${LIST_ITEM}`}
      >
        Log out
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
