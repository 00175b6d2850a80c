/**
 * The header's dropdown menus (navigation on phones, theme, streak, coins, community, account): a
 * Radix dropdown with its button, aligned to the header's right edge and kept on screen.
 *
 * A Radix menu measures its anchor and sets state as it mounts, which makes React render again
 * at once, in the same task as the screen's first render: on a lesson that was most of the
 * longest task of the page's start. So each menu starts as a plain button of the same look, and
 * becomes the Radix menu when the page is idle, or at once, opened, when the learner uses it first.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { buttonClasses } from "../ui/index.ts";

/** Runs once the browser is idle (or soon, where it cannot tell); answers how to cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/** The look of a plain header icon button: the kit's, since a Radix trigger cannot be a Button. */
export const ICON_TRIGGER = buttonClasses({ variant: "ghost", size: "icon" });
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
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const plainButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A keyboard user may already be on the plain button: the menu's button takes over the focus.
  const hadFocus = useRef(false);
  useEffect(
    () =>
      mounted
        ? undefined
        : whenIdle(() => {
            hadFocus.current = document.activeElement === plainButton.current;
            setMounted(true);
          }),
    [mounted],
  );
  useEffect(() => {
    if (mounted && hadFocus.current) menuButton.current?.focus();
  }, [mounted]);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  if (!mounted) {
    const openNow = () => {
      setMounted(true);
      change(true);
    };
    // A raw button on purpose: it stands in for the Radix trigger below and must look the same.
    return (
      <button
        ref={plainButton}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        className={triggerClassName}
        onClick={openNow}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            openNow();
          }
        }}
      >
        {trigger}
      </button>
    );
  }
  return (
    <DropdownMenu.Root modal={modal} open={open} onOpenChange={change}>
      <DropdownMenu.Trigger ref={menuButton} aria-label={label} className={triggerClassName}>
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
