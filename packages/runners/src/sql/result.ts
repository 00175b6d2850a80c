/**
 * Builds an SQL run's job from the request and turns what the worker ran into the runners'
 * result contract: result sets as tables, an error naming its statement, the checks' results.
 */
import type { ConsoleEntry, RunRequest, RunResult, TestResult } from "@lumen/contracts";
import type { JobEnd } from "../host/restartable-worker.ts";
import { workerTimeoutMessage } from "../host/result.ts";
import { checkQueries, evaluateSqlChecks, parseSqlChecks, type SqlCheck } from "./checks.ts";
import { type SqlJob, sqlOutcomeSchema } from "./protocol.ts";

/** Rows shown per table; more would only slow the page down. */
export const MAX_SHOWN_ROWS = 1_000;

export function sqlEntry(request: RunRequest): { name: string; content: string } | undefined {
  const wanted = request.entry ?? "query.sql";
  return (
    request.files.find((f) => f.name === wanted) ??
    request.files.find((f) => f.name.endsWith(".sql"))
  );
}

export type Prepared =
  | { ok: true; job: SqlJob; checks: SqlCheck[] }
  | { ok: false; result: RunResult };

export function prepareSqlJob(request: RunRequest): Prepared {
  const entry = sqlEntry(request);
  if (!entry) {
    const message = "There is no .sql file to run.";
    return {
      ok: false,
      result: {
        status: "error",
        durationMs: 0,
        console: [{ stream: "stderr", text: message }],
        tests: [],
        error: { message },
      },
    };
  }
  let checks: SqlCheck[] = [];
  if (request.checks?.trim()) {
    try {
      checks = parseSqlChecks(request.checks);
    } catch (error) {
      const message = (error as Error).message;
      const test: TestResult = { name: "The lesson's checks", status: "failed", message };
      return {
        ok: false,
        result: {
          status: "failed",
          durationMs: 0,
          console: [{ stream: "info", text: message }],
          tests: [test],
        },
      };
    }
  }
  return {
    ok: true,
    checks,
    job: { seed: request.seed ?? "", sql: entry.content, checkQueries: checkQueries(checks) },
  };
}

export function sqlResult(
  end: JobEnd<unknown>,
  context: { checks: SqlCheck[]; entryName: string; durationMs: number; timeoutMs: number },
): RunResult {
  const durationMs = Math.max(0, context.durationMs);
  if (end.kind !== "done") {
    const message =
      end.kind === "timeout"
        ? workerTimeoutMessage(context.timeoutMs).replace(
            "Look for a loop that never ends.",
            "Look for a query that never ends, such as a recursive CTE without a stop.",
          )
        : `SQLite stopped unexpectedly (${end.message}). Run your query again.`;
    return {
      status: end.kind === "timeout" ? "timeout" : "error",
      durationMs,
      console: [{ stream: "info", text: message }],
      tests: [],
      error: { message },
    };
  }
  const outcome = sqlOutcomeSchema.parse(end.outcome);
  const console: ConsoleEntry[] = [];
  if (outcome.seedError) {
    const message = `The lesson's seed database could not be built: ${outcome.seedError}`;
    return {
      status: "error",
      durationMs,
      console: [{ stream: "stderr", text: message }],
      tests: [],
      error: { message },
    };
  }
  const tables = outcome.tables.map((table) => {
    const total = table.rows.length + table.droppedRows;
    if (total > MAX_SHOWN_ROWS) {
      console.push({
        stream: "info",
        text: `Showing the first ${MAX_SHOWN_ROWS.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows of: ${table.statement}`,
      });
    }
    return {
      statement: table.statement,
      columns: table.columns,
      rows: table.rows.slice(0, MAX_SHOWN_ROWS),
    };
  });
  let error: RunResult["error"];
  if (outcome.error) {
    const where = outcome.error.statement ? ` in the statement "${outcome.error.statement}"` : "";
    const line = outcome.error.line ? ` (line ${outcome.error.line})` : "";
    const message = `Error${where}${line}: ${outcome.error.message}`;
    console.push({ stream: "stderr", text: message });
    error = {
      message,
      file: context.entryName,
      ...(outcome.error.line ? { line: outcome.error.line } : {}),
      ...(outcome.error.column ? { column: outcome.error.column } : {}),
    };
  }
  const tests = evaluateSqlChecks(context.checks, outcome);
  const failed = tests.some((test) => test.status === "failed");
  return {
    status: error ? "error" : failed ? "failed" : "passed",
    durationMs,
    console,
    output: { kind: "table", tables },
    tests,
    ...(error ? { error } : {}),
  };
}
