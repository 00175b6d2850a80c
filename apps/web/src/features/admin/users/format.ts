/** How the users area writes dates and audit entries (issue 14). */
import type { AuditEntry } from "@lumen/contracts";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string | null) => (iso ? date.format(new Date(iso)) : "never");

/** Who did it: an admin's address, or the command line (`npm run admin`). */
export const actorLabel = (entry: AuditEntry) =>
  entry.actor ? (entry.actor.email ?? "a deleted account") : "command line";

export const targetLabel = (entry: AuditEntry) =>
  entry.target ? (entry.target.email ?? "a deleted account") : "";

/** The detail as short `key: value` pairs (the role granted, the expiry of a token…). */
export function detailLabel(entry: AuditEntry): string {
  return Object.entries(entry.detail)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}
