/**
 * The SQL lessons' checks (docs/content-format.md, "Checks by language", SQL): a JSON list of
 * `result` checks, compared with the learner's last result set, `query` checks, the author's
 * own query run against the database after the learner's statements, and `statement` checks, a
 * pattern the learner's last result-giving statement must (or, with `absent`, must not) match:
 * rows alone cannot tell a query from the same rows typed out (issue 20's mutation testing).
 */
import { type SqlCell, type SqlCheck, sqlChecksSchema, type TestResult } from "@lumen/contracts";
import type { SqlOutcome, SqlTable } from "./protocol.ts";

export type { SqlCheck };

type Cell = SqlCell;

/** Parses a check block; a broken block is the author's error and says so. */
export function parseSqlChecks(text: string): SqlCheck[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The SQL checks are not valid JSON: ${(error as Error).message}`);
  }
  const parsed = sqlChecksSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`The SQL checks are not in the lesson format: ${parsed.error.message}`);
  return parsed.data;
}

export function checkQueries(checks: SqlCheck[]): string[] {
  return checks.flatMap((check) => (check.kind === "query" ? [check.query] : []));
}

// SQLite has no booleans: an author's true is the 1 the database gives back.
const normalise = (value: Cell): Cell => (typeof value === "boolean" ? Number(value) : value);
const key = (row: Cell[]) => JSON.stringify(row.map(normalise));

function sameRows(actual: Cell[][], expected: Cell[][], ordered: boolean): boolean {
  if (actual.length !== expected.length) return false;
  const a = actual.map(key);
  const e = expected.map(key);
  if (!ordered) {
    a.sort();
    e.sort();
  }
  return a.every((row, i) => row === e[i]);
}

function sameColumns(actual: string[], expected: string[] | undefined): boolean {
  if (!expected) return true;
  return (
    actual.length === expected.length &&
    actual.every((column, i) => column.toLowerCase() === expected[i]?.toLowerCase())
  );
}

/** A statement without its comments, so that a comment cannot satisfy a pattern. */
export function withoutComments(statement: string): string {
  return statement.replace(/--[^\n]*/g, " ").replace(/\/\*[\s\S]*?(\*\/|$)/g, " ");
}

function matchStatement(
  check: Extract<SqlCheck, { kind: "statement" }>,
  last: SqlTable | undefined,
): TestResult {
  const text = last ? withoutComments(last.statement) : "";
  const matches = last !== undefined && new RegExp(check.pattern, "i").test(text);
  if (matches !== check.absent) return { name: check.name, status: "passed" };
  return {
    name: check.name,
    status: "failed",
    message: check.message,
    ...(last ? { actual: last.statement } : { actual: "no result" }),
  };
}

function compare(
  check: Exclude<SqlCheck, { kind: "statement" }>,
  actual: { columns: string[]; rows: Cell[][] } | undefined,
): TestResult {
  const fail = (extra: Partial<TestResult> = {}): TestResult => ({
    name: check.name,
    status: "failed",
    message: check.message,
    ...extra,
  });
  if (!actual) return fail({ expected: JSON.stringify(check.rows), actual: "no result" });
  const columnsOk = sameColumns(actual.columns, check.columns);
  const rowsOk = sameRows(actual.rows, check.rows, check.ordered);
  if (columnsOk && rowsOk) return { name: check.name, status: "passed" };
  return columnsOk
    ? fail({ expected: JSON.stringify(check.rows), actual: JSON.stringify(actual.rows) })
    : fail({ expected: JSON.stringify(check.columns), actual: JSON.stringify(actual.columns) });
}

/** Results of every check, in order, from what the worker ran. */
export function evaluateSqlChecks(checks: SqlCheck[], outcome: SqlOutcome): TestResult[] {
  const last: SqlTable | undefined = outcome.tables[outcome.tables.length - 1];
  let queryIndex = 0;
  return checks.map((check) => {
    if (check.kind === "result") return compare(check, last);
    if (check.kind === "statement") return matchStatement(check, last);
    const result = outcome.checkResults[queryIndex++];
    if (!result) return compare(check, undefined);
    if (!result.ok) {
      return {
        name: check.name,
        status: "failed",
        message: check.message,
        actual: `The check's query failed: ${result.message}`,
      };
    }
    return compare(check, result);
  });
}
