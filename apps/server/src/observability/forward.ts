/**
 * Forwarding to a hosted Sentry when SENTRY_DSN is set: the envelope as received, with its header's
 * DSN swapped for the configured one (Sentry authenticates an envelope by that DSN). Best effort:
 * a slow or failing service never holds up or fails our own answer.
 */
import type { Logger } from "pino";
import { type DsnParts, parseDsn } from "./envelope.ts";

const FORWARD_TIMEOUT_MS = 5_000;

export function envelopeUrl(dsn: DsnParts): string {
  return `${dsn.protocol}://${dsn.host}${dsn.path}/api/${dsn.projectId}/envelope/?sentry_key=${dsn.publicKey}&sentry_version=7`;
}

/** The envelope's first line with `dsn` replaced; the items are passed through byte for byte. */
export function withDsn(envelope: Uint8Array, dsn: string): Uint8Array {
  const end = envelope.indexOf(0x0a);
  const headerBytes = end === -1 ? envelope : envelope.subarray(0, end);
  const header = JSON.parse(new TextDecoder().decode(headerBytes)) as Record<string, unknown>;
  const head = new TextEncoder().encode(JSON.stringify({ ...header, dsn }));
  const rest = end === -1 ? new Uint8Array() : envelope.subarray(end);
  const out = new Uint8Array(head.length + rest.length);
  out.set(head, 0);
  out.set(rest, head.length);
  return out;
}

export async function forwardEnvelope(options: {
  sentryDsn: string | undefined;
  envelope: Uint8Array;
  logger: Logger;
  fetchImpl?: typeof fetch;
}): Promise<void> {
  const dsn = parseDsn(options.sentryDsn);
  if (!dsn || !options.sentryDsn) return;
  try {
    const response = await (options.fetchImpl ?? fetch)(envelopeUrl(dsn), {
      method: "POST",
      headers: { "Content-Type": "application/x-sentry-envelope" },
      body: new Blob([withDsn(options.envelope, options.sentryDsn) as Uint8Array<ArrayBuffer>]),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok)
      options.logger.warn({ status: response.status }, "Sentry refused an envelope");
  } catch (error) {
    options.logger.warn({ err: error }, "could not forward an envelope to Sentry");
  }
}
