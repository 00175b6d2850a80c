/**
 * Grouping: events with the same fingerprint are one issue. The event's own fingerprint when it
 * set one; otherwise the exception type, its message with the variable parts (numbers, ids,
 * quoted strings) blanked, and the top in-app frames (function and file, without line numbers or
 * a build's hashes, so that a new release of the same bug stays the same issue).
 */
import { createHash } from "node:crypto";
import type { NormalizedEvent } from "./normalize-event.ts";

const TOP_FRAMES = 3;

export function normalizeMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "<str>")
    .replace(/\b0x[0-9a-f]+\b/gi, "<hex>")
    .replace(/\b[0-9a-f]{12,}\b/gi, "<hex>")
    .replace(/\d+(\.\d+)?/g, "<n>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** A file without its origin, query and a bundler's content hash (`index-AbC123.js` → `index.js`). */
export function stableFile(file: string | null): string {
  if (!file) return "";
  return file
    .replace(/^[a-z]+:\/\/[^/]+/i, "")
    .replace(/[?#].*$/, "")
    .replace(/-[\w]{8}(\.\w+)$/, "$1");
}

export function fingerprintParts(event: NormalizedEvent): string[] {
  if (event.fingerprint) return [event.platform, ...event.fingerprint];
  const first = event.exceptions[0];
  if (!first) return [event.platform, "message", normalizeMessage(event.message ?? "")];
  const frames = first.frames
    .filter((f) => f.inApp)
    .slice(0, TOP_FRAMES)
    .map((f) => `${f.function ?? "?"}@${stableFile(f.file)}`);
  return [event.platform, first.type, normalizeMessage(first.value), ...frames];
}

export function fingerprintOf(event: NormalizedEvent): string {
  return createHash("sha256")
    .update(JSON.stringify(fingerprintParts(event)))
    .digest("hex");
}
