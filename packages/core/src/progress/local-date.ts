/**
 * Calendar dates in a learner's own time zone. A streak day is a local date, so every rule that
 * counts days works on `YYYY-MM-DD` strings, never on instants; these helpers convert between
 * the two and do date arithmetic that knows about leap years and nothing about clocks.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The learner's calendar date at `instant` in `timeZone` (an IANA name). */
export function localDate(instant: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

function toUtcMs(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function dateRange(from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}

/**
 * The first instant of `date` in `timeZone`. Usually local midnight; where a clock change skips
 * midnight (as in America/Santiago), the first instant that has that date.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const target = toUtcMs(date);
  // Start from UTC midnight and move by the zone's offset; offsets are within ±14 hours, so one
  // search over that window in 15-minute steps finds the first instant with the right date.
  let low = target - 15 * 3_600_000;
  let high = target + 15 * 3_600_000;
  while (localDate(new Date(low), timeZone) >= date) low -= 3_600_000;
  while (high - low > 60_000) {
    const mid = Math.floor((low + high) / 2);
    if (localDate(new Date(mid), timeZone) < date) low = mid;
    else high = mid;
  }
  // Offsets are whole minutes, so the boundary is the first whole minute after `low`.
  return new Date(Math.ceil((low + 1) / 60_000) * 60_000);
}
