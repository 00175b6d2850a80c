/**
 * Sentry envelopes, read defensively (they come from anyone's browser): a header line of JSON,
 * then items, each an item header line of JSON and a payload of `length` bytes or up to the next
 * newline. Sizes and counts are bounded; anything malformed is an EnvelopeError (a 400).
 */
import { INGEST_PROJECT_ID, INGEST_PUBLIC_KEY } from "@lumen/core";

export const MAX_ENVELOPE_ITEMS = 20;
export const MAX_ITEM_BYTES = 512 * 1024;

export class EnvelopeError extends Error {}

export interface EnvelopeItem {
  header: Record<string, unknown>;
  payload: Uint8Array;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder("utf-8", { fatal: true });

function jsonObject(bytes: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new EnvelopeError(`The envelope's ${what} is not JSON.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new EnvelopeError(`The envelope's ${what} is not a JSON object.`);
  }
  return value as Record<string, unknown>;
}

function lineEnd(bytes: Uint8Array, from: number): number {
  const at = bytes.indexOf(NEWLINE, from);
  return at === -1 ? bytes.length : at;
}

export function parseEnvelope(bytes: Uint8Array): Envelope {
  const headerEnd = lineEnd(bytes, 0);
  const header = jsonObject(bytes.subarray(0, headerEnd), "header");
  const items: EnvelopeItem[] = [];
  let at = headerEnd + 1;
  while (at < bytes.length) {
    const itemHeaderEnd = lineEnd(bytes, at);
    const line = bytes.subarray(at, itemHeaderEnd);
    at = itemHeaderEnd + 1;
    // A trailing newline (or blank lines) between items is allowed.
    if (line.every((b) => b === 0x20 || b === 0x0d || b === 0x09)) continue;
    if (items.length >= MAX_ENVELOPE_ITEMS) throw new EnvelopeError("Too many envelope items.");
    const itemHeader = jsonObject(line, "item header");
    if (typeof itemHeader.type !== "string") throw new EnvelopeError("An item has no type.");
    let payload: Uint8Array;
    const length = itemHeader.length;
    if (length !== undefined) {
      if (typeof length !== "number" || !Number.isInteger(length) || length < 0) {
        throw new EnvelopeError("An item's length is not a whole number.");
      }
      if (at + length > bytes.length)
        throw new EnvelopeError("An item is shorter than its length.");
      payload = bytes.subarray(at, at + length);
      at += length + 1;
    } else {
      const end = lineEnd(bytes, at);
      payload = bytes.subarray(at, end);
      at = end + 1;
    }
    if (payload.length > MAX_ITEM_BYTES) throw new EnvelopeError("An item is too large.");
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/** An item's payload as a JSON object (events, transactions), or an EnvelopeError. */
export function itemJson(item: EnvelopeItem): Record<string, unknown> {
  return jsonObject(item.payload, `${String(item.header.type)} item`);
}

export interface DsnParts {
  protocol: string;
  publicKey: string;
  host: string;
  /** The path before the project id, without a trailing slash ("" mostly). */
  path: string;
  projectId: string;
}

/** `https://key@host[:port][/path]/project`, or undefined. */
export function parseDsn(dsn: unknown): DsnParts | undefined {
  if (typeof dsn !== "string" || dsn.length > 500) return undefined;
  const match =
    /^(https?):\/\/([\w-]+)(?::[\w-]*)?@([\w.-]+(?::\d{1,5})?)(\/[\w./-]*)?\/(\w+)\/?$/.exec(dsn);
  if (!match) return undefined;
  const [, protocol, publicKey, host, path, projectId] = match;
  if (!protocol || !publicKey || !host || !projectId) return undefined;
  return { protocol, publicKey, host, path: path ?? "", projectId };
}

/** Whether an envelope's header names our own ingest (the host is the web app's, so free). */
export function isOurDsn(dsn: unknown): boolean {
  const parts = parseDsn(dsn);
  return parts?.publicKey === INGEST_PUBLIC_KEY && parts.projectId === INGEST_PROJECT_ID;
}
