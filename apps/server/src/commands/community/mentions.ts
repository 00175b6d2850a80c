/**
 * Who a text mentions (issue 17). A mention is "@" followed by the display name of someone taking
 * part in the thread (its author or a commenter), matched without regard to case and ending at a
 * non-word character; display names are not unique, so everybody in the thread with that name is
 * mentioned. Longer names win over their prefixes ("@Ann Lee" is not also "@Ann" unless written
 * twice). Pure: the command finds the participants and sends the mail.
 */
export interface Participant {
  id: string;
  displayName: string;
}

export function mentionedParticipants<P extends Participant>(text: string, people: P[]): P[] {
  const named = people
    .filter((p) => p.displayName.trim().length > 0)
    .sort((a, b) => b.displayName.length - a.displayName.length);
  const lower = text.toLowerCase();
  const taken: Array<[number, number]> = [];
  const found = new Map<string, P>();
  for (const person of named) {
    const needle = `@${person.displayName.trim().toLowerCase()}`;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const next = lower.charAt(end);
      if (next && /[\p{L}\p{N}_]/u.test(next)) continue;
      const overlaps = taken.some(([s, e]) => at < e && s < end && !(s === at && e === end));
      if (overlaps) continue;
      taken.push([at, end]);
      found.set(person.id, person);
    }
  }
  return [...found.values()];
}
