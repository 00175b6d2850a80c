/**
 * Migration 0011 (ADR 0048) backfills the name-free actor rollups from 0009's per-name table
 * before dropping it: a database with rows in analytics_daily_actors keeps its daily active
 * learners and funnel steps after the upgrade.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, MIGRATIONS_FOLDER } from "./client.ts";
import { createTestDatabase } from "./testing.ts";

interface Journal {
  entries: Array<{ tag: string }>;
}

let database: Database | undefined;
const folder = mkdtempSync(path.join(tmpdir(), "lumen-migrations-"));
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops before the migration whose tag ends with `name`. */
function migrationsBefore(name: string): string {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag.endsWith(name));
  expect(stop).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, stop);
  mkdirSync(path.join(folder, "meta"));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Database["db"], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

describe("migration 0011: the actor rollups", () => {
  // It applies every migration, as a database's setup does: the db project's hook timeout.
  it("are backfilled from the per-name rollup it replaces", { timeout: 60_000 }, async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    const migrationsFolder = migrationsBefore("_analytics_actor_days");
    if (database.kind === "pglite") await migratePglite(db as never, { migrationsFolder });
    else await migratePg(db as never, { migrationsFolder });

    await db.execute(sql`insert into analytics_daily_actors (day, name, track_id, actor) values
      ('2026-03-01', 'open_lesson', 1, 'ada'), ('2026-03-01', 'submit_code', 1, 'ada'),
      ('2026-03-01', 'pageview', 0, 'ada'), ('2026-03-01', 'finish_chapter', 2, 'ada'),
      ('2026-03-01', 'run_code', 2, 'anon-b'), ('2026-03-02', 'finish_lesson', 1, 'ada')`);
    await database.migrate();

    expect(
      await rowsOf(
        db,
        sql`select day::text, track_id, actor, steps from analytics_actor_track_days
        order by 1, 2, 3`,
      ),
    ).toEqual([
      { day: "2026-03-01", track_id: 0, actor: "ada", steps: 0 },
      { day: "2026-03-01", track_id: 1, actor: "ada", steps: 0b0011 },
      { day: "2026-03-01", track_id: 2, actor: "ada", steps: 0b1000 },
      { day: "2026-03-01", track_id: 2, actor: "anon-b", steps: 0 },
      { day: "2026-03-02", track_id: 1, actor: "ada", steps: 0b0100 },
    ]);
    expect(
      await rowsOf(db, sql`select day::text, actor from analytics_actor_days order by 1, 2`),
    ).toEqual([
      { day: "2026-03-01", actor: "ada" },
      { day: "2026-03-01", actor: "anon-b" },
      { day: "2026-03-02", actor: "ada" },
    ]);
    const left = await rowsOf(db, sql`select to_regclass('analytics_daily_actors') as t`);
    expect(left).toEqual([{ t: null }]);
  });
});
