/**
 * iCalendar (RFC 5545) for live events (issue 17): one VCALENDAR with VEVENTs, times in UTC,
 * text escaped (backslash, semicolon, comma, newlines) and lines folded at 75 octets without
 * splitting a UTF-8 character. Pure, so that the server's .ics answer is unit-tested here.
 */

export interface CalendarEvent {
  /** Globally unique and stable across downloads, so that a calendar updates its copy. */
  uid: string;
  /** When this copy was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url?: string | null;
  location?: string | null;
  cancelled?: boolean;
  /** Raised on each change, so that calendars take the newer copy. */
  sequence?: number;
}

/** `20261127T093000Z`. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** A TEXT value: backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeIcsText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\n/g, "\\n")
  );
}

const encoder = new TextEncoder();

/** Folds one content line: at most 75 octets a line, continuations start with a space. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      // The leading space of a continuation line counts.
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A URI value: no escaping, but no line breaks either. */
const uriValue = (url: string) => url.replace(/[\r\n]/g, "");

export function icsCalendar(events: CalendarEvent[], options: { prodId: string }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeIcsText(options.prodId)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeIcsText(event.uid)}`,
      `DTSTAMP:${icsDateTime(event.stamp)}`,
      `DTSTART:${icsDateTime(event.start)}`,
      `DTEND:${icsDateTime(event.end)}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
      `DESCRIPTION:${escapeIcsText(event.description)}`,
    );
    if (event.url) lines.push(`URL:${uriValue(event.url)}`);
    if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
    lines.push(`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
