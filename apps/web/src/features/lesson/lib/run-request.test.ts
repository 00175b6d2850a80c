import { describe, expect, it } from "vitest";
import { buildRunRequest, firstFailure } from "./run-request.ts";

const files = [{ name: "query.sql", content: "SELECT 1;" }];

describe("buildRunRequest", () => {
  it("adds the checks only for Check, and the seed only for SQL", () => {
    const sql = { codeLanguage: "sql" as const, checks: "[]", seed: "CREATE TABLE t(a);" };
    expect(buildRunRequest(sql, files, { withChecks: false })).toEqual({
      language: "sql",
      files,
      checks: undefined,
      seed: "CREATE TABLE t(a);",
    });
    expect(buildRunRequest(sql, files, { withChecks: true }).checks).toBe("[]");
    expect(buildRunRequest(sql, files, { withChecks: true }).stdin).toEqual([]);
    const py = { codeLanguage: "python" as const, checks: "c", seed: "ignored" };
    expect(buildRunRequest(py, files, { withChecks: true }).seed).toBeUndefined();
  });

  it("gives Check an empty stdin, so input() never waits on the learner; Run keeps prompting", () => {
    const py = { codeLanguage: "python" as const, checks: "c", seed: undefined };
    expect(buildRunRequest(py, files, { withChecks: true }).stdin).toEqual([]);
    expect(buildRunRequest(py, files, { withChecks: false })).not.toHaveProperty("stdin");
  });
});

describe("firstFailure", () => {
  it("names the first failing check's message, else the error", () => {
    expect(
      firstFailure({
        status: "failed",
        tests: [
          { name: "a", status: "passed" },
          { name: "b", status: "failed", message: "Print exactly Hello" },
        ],
      }),
    ).toBe("Print exactly Hello");
    expect(firstFailure({ status: "error", tests: [], error: { message: "NameError: x" } })).toBe(
      "NameError: x",
    );
    expect(firstFailure({ status: "passed", tests: [] })).toBeUndefined();
  });
});
