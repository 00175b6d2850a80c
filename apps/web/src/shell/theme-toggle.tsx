/** Switches between the system theme, light and dark. */
import { type ThemeChoice, useTheme } from "../lib/theme.ts";
import { HeaderIcon, HeaderMenu, LIST_ITEM, LIST_PANEL } from "./header-menu.tsx";

const LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

export function ThemeToggle() {
  const { choice, choose } = useTheme();
  return (
    <HeaderMenu
      label={`Colour theme: ${LABELS[choice]}`}
      trigger={
        <HeaderIcon>
          <path d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9Z" strokeLinejoin="round" />
        </HeaderIcon>
      }
      panelClassName={`min-w-36 ${LIST_PANEL}`}
    >
      {(DropdownMenu) => (
        <DropdownMenu.RadioGroup value={choice} onValueChange={(v) => choose(v as ThemeChoice)}>
          {(Object.keys(LABELS) as ThemeChoice[]).map((value) => (
            <DropdownMenu.RadioItem
              key={value}
              value={value}
              className={`flex cursor-pointer items-center justify-between gap-3 ${LIST_ITEM}`}
            >
              {LABELS[value]}
              <DropdownMenu.ItemIndicator aria-hidden="true">✓</DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      )}
    </HeaderMenu>
  );
}
