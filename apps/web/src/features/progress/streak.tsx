/**
 * /web/streak (issue 7): current and longest streak, a calendar that scrolls back month by month
 * (`calendar_scrolled`), the freezes owned and a way to buy one with coins.
 */
import { FREEZE_PRICE_COINS, MAX_FREEZES } from "@lumen/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { track } from "../../analytics/track.ts";
import { progressQuery } from "../../lib/queries.ts";
import { useSound } from "../../notifications/sound-provider.tsx";
import { Button, Card } from "../../ui/index.ts";
import { CoinIcon, FlameIcon, FreezeIcon, TrophyIcon } from "./components/icons.tsx";
import { Problem, Stat } from "./components/parts.tsx";
import { calendarMonth, monthTitle } from "./lib/calendar-month.ts";
import { ApiError } from "./lib/progress-api.ts";
import { useBuyFreeze, useCalendar } from "./lib/queries.ts";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function Calendar({ today }: { today: string }) {
  const [back, setBack] = useState(0);
  const month = calendarMonth(today, back);
  const { data, isPending, error } = useCalendar(month.from, month.to);
  const byDate = new Map(data?.days.map((d) => [d.date, d]));

  const scroll = (to: number) => {
    setBack(to);
    track("calendar_scrolled", {
      direction: to > back ? "back" : "forward",
      month: calendarMonth(today, to).key,
    });
  };

  return (
    <Card asChild>
      <section aria-labelledby="calendar-title">
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            onClick={() => scroll(back + 1)}
            disabled={back >= 11}
            aria-label="Previous month"
          >
            ←
          </Button>
          <h2 id="calendar-title" className="text-lg font-bold" aria-live="polite">
            {monthTitle(month.key)}
          </h2>
          <Button
            variant="secondary"
            onClick={() => scroll(back - 1)}
            disabled={back === 0}
            aria-label="Next month"
          >
            →
          </Button>
        </div>
        {error ? <Problem error={error} /> : null}
        <table className="mt-4 w-full table-fixed border-separate border-spacing-1 text-center">
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th
                  key={d}
                  scope="col"
                  className="text-xs font-medium text-slate-500 dark:text-slate-400"
                >
                  <abbr title={d} className="no-underline">
                    {d.slice(0, 1)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody aria-busy={isPending}>
            {month.weeks.map((week) => (
              <tr key={week.find(Boolean) ?? month.key}>
                {week.map((date, i) => {
                  if (!date) return <td key={`empty-${month.key}-${i}`} />;
                  const day = byDate.get(date);
                  const isToday = date === today;
                  const future = date > today;
                  let look = "bg-slate-100 text-slate-600 dark:bg-slate-800/70 dark:text-slate-300";
                  let state = "no goal";
                  if (day?.goalMet) {
                    look = "bg-gradient-to-br from-orange-400 to-rose-500 text-white shadow-sm";
                    state = `goal met, ${day.xp} XP`;
                  } else if (day?.frozen) {
                    look =
                      "bg-sky-100 text-sky-800 ring-1 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800";
                    state = "frozen";
                  } else if (day && day.xp > 0) {
                    look = "bg-amber-100 text-amber-900 dark:bg-amber-950/70 dark:text-amber-200";
                    state = `${day.xp} XP`;
                  }
                  if (future)
                    look =
                      "text-slate-500 dark:text-slate-400 border border-dashed border-slate-200 dark:border-slate-700";
                  return (
                    <td key={date}>
                      <span
                        title={`${date}: ${future ? "ahead" : state}`}
                        data-date={date}
                        data-state={future ? "ahead" : state}
                        className={`mx-auto flex aspect-square max-w-11 items-center justify-center rounded-xl text-sm font-semibold tabular-nums ${look} ${isToday ? "outline-2 outline-offset-2 outline-indigo-500" : ""}`}
                      >
                        <span aria-hidden="true">
                          {day?.frozen && !day.goalMet ? "❄" : Number(date.slice(8))}
                        </span>
                        <span className="sr-only">{`${date}: ${future ? "ahead" : state}`}</span>
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-gradient-to-br from-orange-400 to-rose-500" />
            Goal met
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-amber-200 dark:bg-amber-900" />
            Some XP
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-sky-200 ring-1 ring-sky-300 dark:bg-sky-900" />
            Frozen
          </li>
        </ul>
      </section>
    </Card>
  );
}

function Freezes({ owned, balance }: { owned: number; balance: number }) {
  const buy = useBuyFreeze();
  const full = owned >= MAX_FREEZES;
  const short = balance < FREEZE_PRICE_COINS;
  return (
    <Card asChild>
      <section id="freezes" aria-labelledby="freezes-title">
        <h2 id="freezes-title" className="text-lg font-bold">
          Streak freezes
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          A freeze keeps your streak alive through one missed day. It is used up on its own when you
          need it. You can hold {MAX_FREEZES}.
        </p>
        <div className="mt-4 flex items-center gap-2">
          {Array.from({ length: MAX_FREEZES }, (_, i) => (
            <span
              key={i}
              aria-hidden="true"
              className={`flex h-12 w-12 items-center justify-center rounded-2xl ${i < owned ? "bg-sky-100 text-sky-600 dark:bg-sky-950 dark:text-sky-300" : "border-2 border-dashed border-slate-300 text-slate-300 dark:border-slate-700 dark:text-slate-600"}`}
            >
              <FreezeIcon className="h-7 w-7" />
            </span>
          ))}
          <p className="ml-2 text-sm font-semibold">
            {owned} of {MAX_FREEZES} owned · <CoinIcon className="inline h-4 w-4 align-[-2px]" />{" "}
            {balance} coins
          </p>
        </div>
        <Button
          variant="brand"
          size="lg"
          className="mt-4 w-full sm:w-auto"
          disabled={full || short}
          pending={buy.isPending}
          onClick={() => buy.mutate()}
        >
          {full ? "You hold the most freezes" : `Buy a freeze for ${FREEZE_PRICE_COINS} coins`}
        </Button>
        {short && !full && !buy.error ? (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            You need {FREEZE_PRICE_COINS - balance} more coins. Finish lessons to earn them.
          </p>
        ) : null}
        {buy.isSuccess ? (
          <p
            role="status"
            className="mt-2 text-sm font-medium text-emerald-700 dark:text-emerald-400"
          >
            Freeze bought. Your streak is safer now.
          </p>
        ) : null}
        {buy.error ? (
          <div className="mt-3">
            <Problem
              error={
                buy.error instanceof ApiError && buy.error.code === "insufficient_coins"
                  ? new Error(`Not enough coins yet: a freeze costs ${FREEZE_PRICE_COINS}.`)
                  : buy.error
              }
            />
          </div>
        ) : null}
      </section>
    </Card>
  );
}

function SoundSetting() {
  const { enabled, setEnabled } = useSound();
  return (
    <Card asChild className="flex cursor-pointer items-center justify-between gap-4">
      <label>
        <span>
          <span className="block font-semibold">Achievement sound</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            A short chime when you reach a goal or finish a chapter.
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:block before:h-5 before:w-5 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-indigo-600 checked:before:translate-x-5.5 dark:bg-slate-700 dark:checked:bg-indigo-500"
        />
      </label>
    </Card>
  );
}

function Days({ n }: { n: number }) {
  return (
    <>
      {n}
      <span className="text-base font-semibold text-slate-500 dark:text-slate-400">
        {n === 1 ? "day" : "days"}
      </span>
    </>
  );
}

export function Streak() {
  // The route's loader has it (loaders.ts); its pending and error states are the route's.
  const { data } = useSuspenseQuery(progressQuery());
  const { streak, coins, today, dailyGoal } = data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Your streak</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {streak.todayCounted
            ? "Today already counts. Come back tomorrow to keep it going."
            : `Earn ${Math.max(0, dailyGoal.xp - today.xp)} more XP today to keep your streak.`}
        </p>
      </header>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Stat
          icon={<FlameIcon />}
          tone="orange"
          value={<Days n={streak.current} />}
          label="Current streak"
        />
        <Stat
          icon={<TrophyIcon />}
          tone="amber"
          value={<Days n={streak.longest} />}
          label="Longest streak"
        />
      </div>
      <Calendar today={today.date} />
      <Freezes owned={streak.freezes} balance={coins.balance} />
      <SoundSetting />
    </div>
  );
}
