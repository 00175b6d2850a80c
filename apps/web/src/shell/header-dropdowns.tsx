/**
 * The header's streak, coins and community dropdowns (issue 7), each sending its open event.
 * Streak and coins show only to signed-in learners; the community menu shows to everyone.
 */
import { FREEZE_PRICE_COINS } from "@lumen/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { track } from "../analytics/track.ts";
import { useAuth } from "../features/auth/components/auth-provider.tsx";
import { ChatIcon, CoinIcon, FlameIcon } from "../features/progress/components/icons.tsx";
import { ProgressBridge } from "../features/progress/components/progress-bridge.tsx";
import { useProgress } from "../features/progress/lib/queries.ts";
import { useSound } from "../notifications/sound-provider.tsx";
import { HeaderMenu, type MenuParts } from "./header-menu.tsx";

const triggerClass =
  "flex items-center gap-1 rounded-lg px-1.5 py-2 sm:px-2 text-sm font-semibold tabular-nums text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800";
const panelClass =
  "z-50 w-72 max-w-[calc(100vw-1rem)] rounded-2xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900";
const itemLinkClass =
  "block cursor-pointer rounded-lg px-3 py-2 text-sm font-medium outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

function Menu({
  label,
  trigger,
  event,
  children,
  className = "flex",
}: {
  label: string;
  trigger: ReactNode;
  event: "open_streaks_dropdown" | "open_coins_dropdown" | "open_community_dropdown";
  children: (DropdownMenu: MenuParts) => ReactNode;
  /** Display classes: the coins and community menus leave a phone's header to the streak. */
  className?: string;
}) {
  return (
    <HeaderMenu
      label={label}
      trigger={trigger}
      triggerClassName={`${className} ${triggerClass}`}
      panelClassName={panelClass}
      modal={false}
      onOpenChange={(open) => {
        if (open) track(event);
      }}
    >
      {children}
    </HeaderMenu>
  );
}

function StreakMenu() {
  const { data } = useProgress();
  const { enabled, setEnabled } = useSound();
  if (!data) return null;
  const { streak, today, dailyGoal } = data;
  const percent = Math.min(100, Math.round((today.xp / dailyGoal.xp) * 100));
  return (
    <Menu
      label={`Streak: ${streak.current} ${streak.current === 1 ? "day" : "days"}`}
      event="open_streaks_dropdown"
      trigger={
        <>
          <FlameIcon className={`h-5 w-5 ${streak.todayCounted ? "" : "opacity-40 grayscale"}`} />
          {streak.current}
        </>
      }
    >
      {(DropdownMenu) => (
        <>
          <DropdownMenu.Label className="flex items-baseline justify-between">
            <span className="text-base font-bold">
              {streak.current} day{streak.current === 1 ? "" : "s"} in a row
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              best {streak.longest}
            </span>
          </DropdownMenu.Label>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {streak.todayCounted
              ? "Today counts. See you tomorrow!"
              : `Earn ${dailyGoal.xp - today.xp} more XP today to keep it going.`}
          </p>
          <div
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
            role="progressbar"
            aria-label="Today's goal"
            aria-valuenow={today.xp}
            aria-valuemin={0}
            aria-valuemax={dailyGoal.xp}
          >
            <div className="h-full rounded-full bg-orange-500" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {today.xp} / {dailyGoal.xp} XP today · {streak.freezes} freeze
            {streak.freezes === 1 ? "" : "s"}
          </p>
          <DropdownMenu.Separator className="my-3 h-px bg-slate-200 dark:bg-slate-700" />
          <p className="mt-2 flex items-center gap-1.5 text-sm font-medium sm:hidden">
            <CoinIcon className="h-4 w-4" /> {data.coins.balance} coins
          </p>
          <DropdownMenu.Item asChild>
            <Link to="/web/streak" className={itemLinkClass}>
              Open your streak calendar
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.CheckboxItem
            checked={enabled}
            onCheckedChange={(on) => setEnabled(on === true)}
            onSelect={(e) => e.preventDefault()}
            className={`${itemLinkClass} flex items-center justify-between`}
          >
            Achievement sound
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {enabled ? "On" : "Off"}
            </span>
          </DropdownMenu.CheckboxItem>
        </>
      )}
    </Menu>
  );
}

function CoinsMenu() {
  const { data } = useProgress();
  if (!data) return null;
  const { balance } = data.coins;
  return (
    <Menu
      label={`Coins: ${balance}`}
      event="open_coins_dropdown"
      className="hidden sm:flex"
      trigger={
        <>
          <CoinIcon className="h-5 w-5" />
          {balance}
        </>
      }
    >
      {(DropdownMenu) => (
        <>
          <DropdownMenu.Label className="text-base font-bold">{balance} coins</DropdownMenu.Label>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Earn coins for every lesson, chapter and tutorial you finish, and for streak milestones.
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            A streak freeze costs {FREEZE_PRICE_COINS} coins and keeps your streak through a missed
            day.
          </p>
          <DropdownMenu.Separator className="my-3 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild>
            <Link to="/web/streak" hash="freezes" className={itemLinkClass}>
              Get a streak freeze
            </Link>
          </DropdownMenu.Item>
        </>
      )}
    </Menu>
  );
}

function CommunityMenu() {
  return (
    <Menu
      label="Community"
      event="open_community_dropdown"
      className="hidden sm:flex"
      trigger={
        <>
          <ChatIcon className="h-5 w-5" />
          <span className="hidden md:inline">Community</span>
        </>
      }
    >
      {(DropdownMenu) => (
        <>
          <DropdownMenu.Label className="px-3 text-base font-bold">
            Learn together
          </DropdownMenu.Label>
          <p className="mb-2 px-3 text-sm text-slate-600 dark:text-slate-300">
            Meet other learners, join live sessions and read what they recommend.
          </p>
          <DropdownMenu.Item asChild>
            <Link to="/web/community" search={{ tab: "showcase" }} className={itemLinkClass}>
              Project showcase
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/web/community" search={{ tab: "help" }} className={itemLinkClass}>
              Help threads
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/web/events" className={itemLinkClass}>
              Community events
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/web/library" className={itemLinkClass}>
              Library
            </Link>
          </DropdownMenu.Item>
        </>
      )}
    </Menu>
  );
}

export function HeaderDropdowns() {
  const { status } = useAuth();
  return (
    <>
      {status === "signedIn" ? (
        <>
          <ProgressBridge />
          <StreakMenu />
          <CoinsMenu />
        </>
      ) : null}
      <CommunityMenu />
    </>
  );
}
