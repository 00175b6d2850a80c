/**
 * The header's dropdown menus (navigation on phones, theme, streak, coins, community, account): a
 * Radix dropdown with its button, aligned to the header's right edge and kept on screen.
 *
 * A Radix menu measures its anchor and sets state as it mounts, which makes React render again
 * at once, in the same task as the screen's first render: on a lesson that was most of the
 * longest task of the page's start. And Radix with its positioning and focus code is about a
 * tenth of a screen's first load. So each menu starts as a plain button of the same look, and
 * becomes the Radix menu (header-menu-radix.tsx, a chunk of its own) when the page is idle, or,
 * opened, when the learner uses it first. Its items get the Radix parts through `children`.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { whenIdle } from "../lib/when-idle.ts";
import { importWhenOnline } from "../offline/stale-chunk.ts";
import { buttonClasses } from "../ui/index.ts";
import type { MenuParts, RadixHeaderMenu } from "./header-menu-radix.tsx";

export type { MenuParts };

let radixMenu: typeof RadixHeaderMenu | null = null;
let loadingRadixMenu: Promise<typeof RadixHeaderMenu> | null = null;
/**
 * The Radix side, once for every menu. Offline before the service worker stored it, it waits for
 * the connection; a load that fails otherwise is forgotten, and the next use of a menu (which
 * stays a plain button meanwhile) asks again.
 */
function loadRadixMenu(): Promise<typeof RadixHeaderMenu> {
  loadingRadixMenu ??= importWhenOnline(() => import("./header-menu-radix.tsx")).then(
    (module) => {
      radixMenu = module.RadixHeaderMenu;
      return radixMenu;
    },
    (error: unknown) => {
      loadingRadixMenu = null;
      throw error;
    },
  );
  return loadingRadixMenu;
}
const stayPlain = () => {
  // Not loaded: the plain button stays, and its next use tries again.
};

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
  /** The menu's items, drawn with the Radix parts (`DropdownMenu.Item` and so on). */
  children: (DropdownMenu: MenuParts) => ReactNode;
}) {
  // A state holding a component: set through the updater form so React does not call it.
  const [Menu, setMenu] = useState<typeof RadixHeaderMenu | null>(() => radixMenu);
  const [open, setOpen] = useState(false);
  const plainButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A keyboard user may already be on the plain button: the menu's button takes over the focus.
  const hadFocus = useRef(false);
  useEffect(
    () =>
      Menu
        ? undefined
        : whenIdle(() => {
            void loadRadixMenu().then((component) => {
              hadFocus.current = document.activeElement === plainButton.current;
              setMenu(() => component);
            }, stayPlain);
          }),
    [Menu],
  );
  useEffect(() => {
    if (Menu && hadFocus.current) menuButton.current?.focus();
  }, [Menu]);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  if (!Menu) {
    const openNow = () => {
      void loadRadixMenu().then((component) => {
        setMenu(() => component);
        change(true);
      }, stayPlain);
    };
    // A raw button on purpose: it stands in for the Radix trigger and must look the same.
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
    <Menu
      label={label}
      trigger={trigger}
      triggerClassName={triggerClassName}
      panelClassName={panelClassName}
      modal={modal}
      open={open}
      onOpenChange={change}
      triggerRef={menuButton}
    >
      {children}
    </Menu>
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
