/**
 * SQLite (sql.js) inside a worker, shared by the browser's Web Worker and Node's worker thread:
 * each job starts from the seed database's bytes (built once per seed and cached), runs the
 * learner's statements one at a time so an error can name its statement, then the checks' queries.
 */
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import {
  MAX_ROWS,
  type SqlFailure,
  type SqlJob,
  type SqlOutcome,
  type SqlTable,
} from "./protocol.ts";

type Cell = string | number | null;

function cell(value: SqlValue): Cell {
  if (value instanceof Uint8Array) {
    return `x'${Array.from(value, (b) => b.toString(16).padStart(2, "0")).join("")}'`;
  }
  return value;
}

/** 1-based line and column of an offset in text. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split("\n");
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

/** The statement that starts at the remaining text, for naming it in an error. */
function firstStatement(remaining: string): string {
  const end = remaining.indexOf(";");
  return (end === -1 ? remaining : remaining.slice(0, end + 1)).trim();
}

function leadingSpace(text: string): number {
  // Comments and blank lines before a statement are not the statement.
  const match = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/.exec(text);
  return match ? match[0].length : 0;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface SqlEngine {
  /** `onStarted` is called once the seed is loaded, as the learner's statements start. */
  run(job: SqlJob, onStarted?: () => void): SqlOutcome;
}

/**
 * Run once before the worker says it is ready: sql.js's WebAssembly is compiled function by
 * function on first use, so the learner's first query (even one with a syntax error) would
 * otherwise pay for it, on a busy machine for longer than the time limit (ADR 0023).
 */
export const WARM_UP_JOB: SqlJob = {
  seed: [
    "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n REAL);",
    "INSERT INTO t (name, n) VALUES ('a', 1.5), ('b', 2), ('a', NULL);",
  ].join("\n"),
  sql: [
    "SELECT name, COUNT(*) AS c, AVG(n) FROM t WHERE n IS NOT NULL GROUP BY name ORDER BY c DESC;",
    "SELECT a.name, b.id FROM t a JOIN t b ON a.id = b.id LEFT JOIN t c ON c.id = a.id + 1;",
    "UPDATE t SET n = n * 2 WHERE id IN (SELECT id FROM t LIMIT 2);",
    "INSERT INTO t (name, n) VALUES ('c', 3);",
    "DELETE FROM t WHERE name = 'c';",
    "SELEC name FROM t;",
  ].join("\n"),
  checkQueries: ["SELECT name, UPPER(name), LENGTH(name) FROM t ORDER BY id;"],
};

export function createSqlEngine(SQL: SqlJsStatic): SqlEngine {
  const seeds = new Map<string, Uint8Array>();

  function seedBytes(seed: string): Uint8Array {
    const cached = seeds.get(seed);
    if (cached) return cached;
    const db = new SQL.Database();
    try {
      db.exec(seed);
      const bytes = db.export();
      // A few lessons' seeds at most; keep the latest ones.
      if (seeds.size >= 8) seeds.delete(seeds.keys().next().value as string);
      seeds.set(seed, bytes);
      return bytes;
    } finally {
      db.close();
    }
  }

  function runStatements(db: Database, sql: string, tables: SqlTable[]): SqlFailure | undefined {
    const iterator = db.iterateStatements(sql);
    let remaining = sql;
    for (;;) {
      const offset = sql.length - remaining.length;
      let statement: ReturnType<typeof iterator.next>;
      try {
        statement = iterator.next();
      } catch (error) {
        const start = offset + leadingSpace(remaining);
        return {
          message: errorMessage(error),
          statement: firstStatement(sql.slice(start)),
          ...position(sql, start),
        };
      }
      if (statement.done) return undefined;
      const stmt = statement.value;
      const raw = stmt.getSQL();
      const text = raw.slice(leadingSpace(raw)).trim();
      const start = offset + leadingSpace(remaining);
      remaining = iterator.getRemainingSQL();
      try {
        const columns = stmt.getColumnNames();
        const rows: Cell[][] = [];
        let dropped = 0;
        while (stmt.step()) {
          if (rows.length < MAX_ROWS) rows.push(stmt.get().map(cell));
          else dropped++;
        }
        if (columns.length > 0)
          tables.push({ statement: text, columns, rows, droppedRows: dropped });
      } catch (error) {
        return { message: errorMessage(error), statement: text, ...position(sql, start) };
      } finally {
        stmt.free();
      }
    }
  }

  return {
    run(job, onStarted) {
      const outcome: SqlOutcome = { tables: [], checkResults: [] };
      let bytes: Uint8Array;
      try {
        bytes = seedBytes(job.seed);
      } catch (error) {
        outcome.seedError = errorMessage(error);
        return outcome;
      }
      const db = new SQL.Database(bytes);
      onStarted?.();
      try {
        const failure = runStatements(db, job.sql, outcome.tables);
        if (failure) outcome.error = failure;
        for (const query of job.checkQueries) {
          try {
            const [result] = db.exec(query);
            outcome.checkResults.push({
              ok: true,
              columns: result?.columns ?? [],
              rows: (result?.values ?? []).map((row) => row.map(cell)),
            });
          } catch (error) {
            outcome.checkResults.push({ ok: false, message: errorMessage(error) });
          }
        }
      } finally {
        db.close();
      }
      return outcome;
    },
  };
}
