/**
 * An in-process app on a fresh test database for one test file: `useTestApp()` registers the
 * beforeAll that makes both and the afterAll that closes the database, and answers the client
 * tests call the API with. Options cover what route tests vary: the published tracks (the
 * catalog), the clock and extra settings; everything else is the test environment's default.
 */
import type { Track } from "@lumen/contracts";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "./api-client.ts";

export interface TestAppOptions {
  /** Published as catalog version 1; none publishes nothing. */
  tracks?: Track[];
  clock?: () => Date;
  env?: Record<string, string>;
}

export function useTestApp(options: TestAppOptions = {}) {
  let database: Database | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useTestApp: used before its beforeAll ran");
    return value;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    app = createApp({
      database,
      env: parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent", ...options.env }),
      logger: pino({ level: "silent" }),
      clock: options.clock,
      catalog: options.tracks
        ? new CatalogStore(database.db, {
            version: 1,
            catalog: { tracks: options.tracks, glossary: {} },
          })
        : undefined,
    });
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    api: testClient(() => ready(app)),
    get database(): Database {
      return ready(database);
    },
    get app(): ReturnType<typeof createApp> {
      return ready(app);
    },
  };
}
