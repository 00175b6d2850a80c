/**
 * The app's database: SQLite (sql.js, in WebAssembly), kept in data/app.sqlite in the app's own
 * folder, so that it survives a restart. Every change is written back to the file at once.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import initSqlJs, { type Database, type SqlValue } from "sql.js";

const FILE = path.resolve("data/app.sqlite");
const require = createRequire(import.meta.url);

let database: Database | null = null;

export async function openDatabase(): Promise<Database> {
  if (database) return database;
  const SQL = await initSqlJs({ locateFile: (name) => require.resolve(`sql.js/dist/${name}`) });
  let bytes: Uint8Array | undefined;
  try {
    bytes = readFileSync(FILE);
  } catch {
    bytes = undefined;
  }
  database = new SQL.Database(bytes);
  return database;
}

/** Runs statements that change data, then saves the file. */
export function change(db: Database, sql: string, params: SqlValue[] = []): void {
  db.run(sql, params);
  mkdirSync(path.dirname(FILE), { recursive: true });
  writeFileSync(`${FILE}.tmp`, db.export());
  renameSync(`${FILE}.tmp`, FILE);
}

/** Rows of a query as objects. */
export function rows<T>(db: Database, sql: string, params: SqlValue[] = []): T[] {
  const statement = db.prepare(sql, params);
  const out: T[] = [];
  while (statement.step()) out.push(statement.getAsObject() as T);
  statement.free();
  return out;
}
