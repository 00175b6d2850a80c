/**
 * Month arithmetic for the streak calendar, on the learner's local dates (`YYYY-MM-DD` as the
 * server gives them). Dates are handled as UTC midnights so the browser's own zone and its
 * daylight-saving changes never shift a day.
 */

export interface CalendarMonth {
  /** `YYYY-MM` */
  key: string;
  /** First and last day, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** The grid: weeks of 7 cells from Monday, null where a cell is outside the month. */
  weeks: (string | null)[][];
}

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The month `back` months before the one `today` is in. */
export function calendarMonth(today: string, back: number): CalendarMonth {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= last.getUTCDate(); day++) {
    cells.push(iso(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day))));
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { key: iso(first).slice(0, 7), from: iso(first), to: iso(last), weeks };
}

/** "March 2025" */
export function monthTitle(key: string, locale?: string): string {
  const [year, month] = key.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
