/**
 * When a live event happens, said in a learner's time zone (issue 17): the day, the times, and
 * the zone named (its IANA name and offset), for the events page and the reminder mail alike.
 */

export interface EventWhen {
  /** "Tuesday, 1 December 2026, 18:30–20:00" (or across days, both ends in full). */
  text: string;
  /** "Europe/Berlin (GMT+1)". */
  zone: string;
  /** The zone used: the one asked for when valid, else UTC. */
  timeZone: string;
}

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

function offsetName(date: Date, timeZone: string, locale: string | undefined): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName");
  return parts?.value ?? "";
}

export function formatEventWhen(
  startsAt: Date,
  endsAt: Date,
  requestedZone: string,
  locale: string | undefined = "en-GB",
): EventWhen {
  const timeZone = requestedZone && isTimeZone(requestedZone) ? requestedZone : "UTC";
  const day = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit" });
  const sameDay = day.format(startsAt) === day.format(endsAt);
  const text = sameDay
    ? `${day.format(startsAt)}, ${time.format(startsAt)}–${time.format(endsAt)}`
    : `${day.format(startsAt)}, ${time.format(startsAt)} – ${day.format(endsAt)}, ${time.format(endsAt)}`;
  const offset = offsetName(startsAt, timeZone, locale);
  const name = timeZone.replace(/_/g, " ");
  // UTC names itself; any other zone is named with its offset at the start ("GMT+9").
  const shown = timeZone === "UTC" || timeZone === "Etc/UTC" ? "" : offset;
  return { text, zone: shown && shown !== name ? `${name} (${shown})` : name, timeZone };
}
