/**
 * POST /v1/monitoring/envelope's verb: a Sentry envelope from the web app (through the SDK's
 * tunnel) is checked for our DSN, its error events are source-mapped, grouped and stored; ignored
 * notices (spec section 8) and everything that is not an error event are dropped.
 */
import { isIgnoredErrorMessage } from "@lumen/core";
import type { Db } from "@lumen/db";
import { AppError } from "../errors.ts";
import { EnvelopeError, isOurDsn, itemJson, parseEnvelope } from "../observability/envelope.ts";
import { type NormalizedEvent, normalizeEvent } from "../observability/normalize-event.ts";
import type { SourceMaps } from "../observability/source-maps.ts";
import { storeErrorEvent } from "./store-error-event.ts";

export interface IngestErrorEnvelopeOptions {
  db: Db;
  body: Uint8Array;
  sourceMaps: SourceMaps;
  now: Date;
}

export function isIgnoredEvent(event: NormalizedEvent): boolean {
  const first = event.exceptions[0];
  if (first)
    return (
      isIgnoredErrorMessage(first.value) || isIgnoredErrorMessage(`${first.type}: ${first.value}`)
    );
  return isIgnoredErrorMessage(event.message);
}

export async function ingestErrorEnvelope({
  db,
  body,
  sourceMaps,
  now,
}: IngestErrorEnvelopeOptions) {
  let envelope: ReturnType<typeof parseEnvelope>;
  const events: NormalizedEvent[] = [];
  try {
    envelope = parseEnvelope(body);
    if (!isOurDsn(envelope.header.dsn)) {
      throw new AppError("forbidden", "This envelope is not for this project.");
    }
    for (const item of envelope.items) {
      if (item.header.type !== "event") continue;
      events.push(normalizeEvent(itemJson(item), "web"));
    }
  } catch (error) {
    if (error instanceof EnvelopeError) throw new AppError("bad_request", error.message);
    throw error;
  }
  let stored = 0;
  for (const event of events) {
    if (isIgnoredEvent(event)) continue;
    const exceptions = await Promise.all(
      event.exceptions.map(async (e) => ({ ...e, frames: await sourceMaps.mapFrames(e.frames) })),
    );
    await storeErrorEvent({ db, event: { ...event, exceptions }, now });
    stored++;
  }
  const id =
    typeof envelope.header.event_id === "string" ? envelope.header.event_id.slice(0, 64) : null;
  return { id, stored };
}
