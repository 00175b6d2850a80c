/** Stores one web vital of a sampled page view (POST /v1/monitoring/vitals). */
import type { WebVitalsBeacon } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";

export interface RecordWebVitalOptions {
  db: Db;
  vital: WebVitalsBeacon;
  now: Date;
}

export async function recordWebVital({ db, vital, now }: RecordWebVitalOptions): Promise<void> {
  await db.insert(schema.webVitals).values({
    route: vital.route,
    name: vital.name,
    value: vital.value,
    rating: vital.rating ?? null,
    release: vital.release ?? null,
    recordedAt: now,
  });
}
