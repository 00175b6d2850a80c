/**
 * A fresh, migrated database for one integration-test file: in-memory PGlite by default, or a new
 * PostgreSQL database created beside DATABASE_URL's when that is set (CI runs both).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./client.ts";

export interface TestDatabaseOptions {
  /** false: leave it empty, for a test that applies migrations itself (default true). */
  migrate?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    if (options.migrate !== false) await database.migrate();
    return database;
  }
  const name = `lumen_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  if (options.migrate !== false) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
