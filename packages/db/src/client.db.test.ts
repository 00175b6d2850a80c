/** Migrations at start are safe to run twice, and from two servers at once. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";

const baseUrl = process.env.DATABASE_URL;
const opened: Database[] = [];
let dropName: string | undefined;

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  if (baseUrl && dropName) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dropName} with (force)`);
    await admin.end();
  }
});

/** Two connections to one new, empty database, as two servers starting together would have. */
async function twoServers(): Promise<[Database, Database]> {
  if (!baseUrl) {
    const one = await openDatabase({ dataDir: "memory://" });
    opened.push(one);
    return [one, one];
  }
  dropName = `lumen_migrate_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dropName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dropName}`;
  const a = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const b = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  opened.push(a, b);
  return [a, b];
}

describe("migrate", () => {
  it("runs from two servers at once, then again, and applies each migration once", async () => {
    const [a, b] = await twoServers();
    await Promise.all([a.migrate(), b.migrate()]);
    await a.migrate();
    const rows = await a.db.execute<{ count: number }>(
      "select count(*)::int as count from drizzle.__drizzle_migrations" as never,
    );
    const count = (rows as unknown as { rows: Array<{ count: number }> }).rows[0]?.count;
    const { readdirSync } = await import("node:fs");
    const { MIGRATIONS_FOLDER } = await import("./client.ts");
    const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql"));
    expect(count).toBe(files.length);
    await a.ping();
    await b.ping();
  });
});
