/**
 * Reading a pod's log again and again without seeing a line twice (issue 18, ADR 0058). The log
 * API takes `sinceTime` in whole seconds, so each read starts at the second of the last line seen
 * and repeats some lines; the cursor (the last line's timestamp and the texts seen at exactly that
 * timestamp) drops them. Timestamps are RFC 3339 with up to nine fraction digits, which do not sort
 * as strings ("…00.5Z" < "…00.51Z"), so they are compared padded.
 */

export interface LogCursor {
  /** The last line's timestamp, padded to nine fraction digits. */
  key: string;
  /** Texts of the lines already taken at exactly `key`, in order. */
  texts: string[];
}

export interface PodLogLine {
  /** ISO time (milliseconds). */
  at: string;
  text: string;
}

const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/;
const MAX_LINE = 4_000;

/** "2026-11-27T10:00:00.5Z" → "2026-11-27T10:00:00.500000000Z"; null when it is not a stamp. */
export function timestampKey(stamp: string): string | null {
  const match = STAMP.exec(stamp);
  if (!match) return null;
  return `${match[1]}.${(match[2] ?? "").padEnd(9, "0")}Z`;
}

/** The `sinceTime` for the next read: the cursor's whole second. */
export function sinceTime(cursor: LogCursor | null): string | undefined {
  return cursor ? `${cursor.key.slice(0, 19)}Z` : undefined;
}

/**
 * The new lines of a log read with `timestamps=true`, and the cursor after them. Lines without a
 * timestamp (the API always sends one; a proxy might not) are kept with the last stamp seen.
 */
export function newLogLines(
  text: string,
  cursor: LogCursor | null,
): { lines: PodLogLine[]; cursor: LogCursor | null } {
  const lines: PodLogLine[] = [];
  let key = cursor?.key ?? null;
  let texts = cursor ? [...cursor.texts] : [];
  // Lines at the cursor's own timestamp that this read repeats, matched in order.
  let repeated = 0;
  const rows = text.split("\n");
  if (rows.at(-1) === "") rows.pop();
  for (const row of rows) {
    const space = row.indexOf(" ");
    const stampKey = space > 0 ? timestampKey(row.slice(0, space)) : null;
    const body = (stampKey ? row.slice(space + 1) : row).replace(/\r$/, "").slice(0, MAX_LINE);
    const lineKey = stampKey ?? key ?? new Date(0).toISOString().replace(".000Z", ".000000000Z");
    if (cursor && lineKey < cursor.key) continue;
    if (cursor && lineKey === cursor.key && repeated < cursor.texts.length) {
      if (cursor.texts[repeated] === body) {
        repeated += 1;
        continue;
      }
      // A different line at the same instant: the rest of this instant is new.
      repeated = cursor.texts.length;
    }
    if (lineKey !== key) {
      key = lineKey;
      texts = [];
    }
    texts.push(body);
    lines.push({ at: `${lineKey.slice(0, 23)}Z`, text: body });
  }
  return { lines, cursor: key ? { key, texts } : null };
}
