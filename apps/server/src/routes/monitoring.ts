/**
 * The web app's monitoring beacons (issue 14, public): POST /v1/monitoring/envelope takes Sentry
 * envelopes from the SDK's tunnel (same origin, so content blockers let them through) and
 * POST /v1/monitoring/vitals one web vital of a sampled page view. Both are limited per address.
 */
import { webVitalsBeaconSchema } from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { clientIp } from "../auth/client-ip.ts";
import { ingestErrorEnvelope } from "../commands/ingest-error-envelope.ts";
import { recordWebVital } from "../commands/record-web-vital.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../http/validate.ts";
import { forwardEnvelope } from "../observability/forward.ts";
import { checkIngestLimit, type IngestKind } from "../observability/ingest-limit.ts";
import { sourceMapsFor } from "../observability/source-maps.ts";

/** The address's count of KIND, shared by every server process (ingest-limit.ts). */
const limit = (c: Context<AppEnv>, kind: IngestKind) =>
  checkIngestLimit({
    store: c.get("deps").auth.rateLimitStore,
    kind,
    address: clientIp(c),
    log: c.get("log"),
  });

export const monitoringRoutes = new Hono<AppEnv>()
  .post("/monitoring/envelope", async (c) => {
    const deps = c.get("deps");
    await limit(c, "envelope");
    const body = new Uint8Array(await c.req.arrayBuffer());
    const result = await ingestErrorEnvelope({
      db: deps.database.db,
      body,
      sourceMaps: sourceMapsFor(deps),
      now: deps.clock(),
    });
    if (deps.env.SENTRY_DSN) {
      void forwardEnvelope({
        sentryDsn: deps.env.SENTRY_DSN,
        envelope: body,
        logger: c.get("log"),
      });
    }
    return c.json({ id: result.id });
  })
  .post("/monitoring/vitals", async (c) => {
    const deps = c.get("deps");
    await limit(c, "vitals");
    const vital = await readJson(c, webVitalsBeaconSchema);
    await recordWebVital({ db: deps.database.db, vital, now: deps.clock() });
    return c.body(null, 204);
  });
