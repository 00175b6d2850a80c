/**
 * On phones the main links sit behind a menu button so the header fits 360 px, with the
 * community's two parts (its dropdown leaves a phone's header to the streak).
 */
import { Link } from "@tanstack/react-router";
import { HeaderIcon, HeaderMenu, ICON_TRIGGER, LIST_ITEM, LIST_PANEL } from "./header-menu.tsx";
import { NAV_ITEMS } from "./nav-items.ts";

export function MobileNav() {
  return (
    <HeaderMenu
      label="Menu"
      trigger={
        <HeaderIcon>
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </HeaderIcon>
      }
      triggerClassName={`${ICON_TRIGGER} sm:hidden`}
      panelClassName={`min-w-44 ${LIST_PANEL}`}
    >
      {(DropdownMenu) => (
        <>
          {NAV_ITEMS.map((item) => (
            <DropdownMenu.Item key={item.label} asChild>
              <Link to={item.to} params={item.params} className={`block ${LIST_ITEM}`}>
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item asChild>
            <Link to="/web/community" search={{ tab: "showcase" }} className={`block ${LIST_ITEM}`}>
              Project showcase
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/web/community" search={{ tab: "help" }} className={`block ${LIST_ITEM}`}>
              Help threads
            </Link>
          </DropdownMenu.Item>
        </>
      )}
    </HeaderMenu>
  );
}
