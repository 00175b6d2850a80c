/**
 * The header's dropdown menus (navigation on phones, theme, streak, coins, community): a Radix
 * dropdown with its button, aligned to the header's right edge and kept on screen.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";

/** The look of a plain header icon button. */
export const ICON_TRIGGER =
  "rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";
/** The look of a list menu; a panel (streak, coins) passes its own. */
export const LIST_PANEL =
  "z-50 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900";
/** One row of a list menu. */
export const LIST_ITEM =
  "rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

export function HeaderMenu({
  label,
  trigger,
  triggerClassName = ICON_TRIGGER,
  panelClassName,
  onOpenChange,
  modal,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  panelClassName: string;
  onOpenChange?: (open: boolean) => void;
  modal?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={modal} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger aria-label={label} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={panelClassName}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A 20 px outline icon for a header button. */
export function HeaderIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
