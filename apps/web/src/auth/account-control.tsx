/** The header's account control: "Sign in" when signed out; the user's name and a menu when in. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useNavigate } from "@tanstack/react-router";
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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account: ${name}`}
        className={`${linkClass} max-w-28 truncate sm:max-w-40`}
      >
        {name}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500 dark:text-slate-400">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Item
            onSelect={async () => {
              await signOut();
              navigate({ to: "/" });
            }}
            className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
          >
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
