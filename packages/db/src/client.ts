/**
 * The database client factory: PGlite on disk (or in memory) when no DATABASE_URL is given,
 * node-postgres when one is. Both speak PostgreSQL, so one Drizzle schema serves both.
 */
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Applies the committed migrations. Safe to run twice (applied ones are skipped) and from two
   * servers at once (a PostgreSQL advisory lock makes the second wait for the first).
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL. When set, PostgreSQL is used. */
  databaseUrl?: string;
  /** PGlite's data folder; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../migrations", import.meta.url));

/** An arbitrary constant that names our migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle client that loses its connection must not crash the process; the next query
    // gets a fresh connection and /healthz reports the outage.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = new PGlite(options.dataDir ?? "memory://");
  let migrating: Promise<unknown> = Promise.resolve();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    // PGlite is single-process: one server owns the data folder, so calls from this process are
    // queued one after another instead of taking a database lock.
    migrate: () => {
      const run = migrating.then(() =>
        migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
      );
      migrating = run.catch(() => {});
      return run;
    },
    close: () => client.close(),
  };
}
