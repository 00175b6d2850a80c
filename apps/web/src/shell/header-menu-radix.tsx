/**
 * The Radix side of the header's menus (header-menu.tsx): Radix's dropdown, its positioning and
 * focus handling are a chunk of their own, loaded when the browser is idle after the first paint
 * (or at the first use of a menu), so that no screen's first load carries them (issue 6's budget).
 * Each menu's items are drawn with the Radix parts handed to its `children`.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode, Ref } from "react";

export type MenuParts = typeof DropdownMenu;

export interface RadixHeaderMenuProps {
  label: string;
  trigger: ReactNode;
  triggerClassName: string;
  panelClassName: string;
  modal?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: Ref<HTMLButtonElement>;
  children: (parts: MenuParts) => ReactNode;
}

export function RadixHeaderMenu({
  label,
  trigger,
  triggerClassName,
  panelClassName,
  modal,
  open,
  onOpenChange,
  triggerRef,
  children,
}: RadixHeaderMenuProps) {
  return (
    <DropdownMenu.Root modal={modal} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label={label} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={panelClassName}
        >
          {children(DropdownMenu)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
