/**
 * The client-held routing history (spec sections 3 and 9): the last 10 entries, each with
 * pathname, asPath (path plus query string) and the parsed query.
 */
export interface RoutingHistoryEntry {
  pathname: string;
  asPath: string;
  query: Record<string, unknown>;
}

export const ROUTING_HISTORY_LIMIT = 10;

let entries: RoutingHistoryEntry[] = [];

export function recordRoute(entry: RoutingHistoryEntry): void {
  const last = entries.at(-1);
  if (last && last.asPath === entry.asPath) return;
  entries = [...entries, entry].slice(-ROUTING_HISTORY_LIMIT);
}

export function routingHistory(): readonly RoutingHistoryEntry[] {
  return entries;
}
