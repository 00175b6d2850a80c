import type { RunResult, TypeDiagnostic } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { NO_TYPE_ERRORS_TEST, typeErrorMessage, withTypeCheck } from "./requirement.ts";

const error = (line: number, message: string): TypeDiagnostic => ({
  file: "index.ts",
  from: 0,
  to: 1,
  line,
  column: 5,
  message,
  severity: "error",
  code: 2322,
});
const ran: RunResult = {
  status: "passed",
  durationMs: 3,
  console: [{ stream: "stdout", text: "42" }],
  tests: [{ name: "Logs the planet", status: "passed" }],
};
const typeError = error(1, "Type 'number' is not assignable to type 'string'.");

describe("withTypeCheck", () => {
  it("adds the diagnostics and leaves the run as it was when the lesson requires nothing", () => {
    expect(withTypeCheck(ran, { diagnostics: [typeError] }, undefined)).toEqual({
      ...ran,
      diagnostics: [typeError],
    });
  });

  it("fails a lesson that requires no type errors, with the first error and its line, before its own checks", () => {
    const result = withTypeCheck(ran, { diagnostics: [typeError] }, ["no-type-errors"]);
    expect(result.status).toBe("failed");
    expect(result.tests).toEqual([
      {
        name: NO_TYPE_ERRORS_TEST,
        status: "failed",
        message:
          "TypeScript reports an error on line 1 of index.ts: Type 'number' is not assignable to type 'string'. Fix it so that your code has no type errors.",
      },
      ...ran.tests,
    ]);
    expect(result.console).toEqual(ran.console);
  });

  it("passes the requirement when there are only warnings or nothing", () => {
    const warning: TypeDiagnostic = { ...typeError, severity: "warning" };
    const result = withTypeCheck(ran, { diagnostics: [warning] }, ["no-type-errors"]);
    expect(result.status).toBe("passed");
    expect(result.tests[0]).toEqual({ name: NO_TYPE_ERRORS_TEST, status: "passed" });
  });

  it("keeps an error or a timeout as the run's status", () => {
    const crashed: RunResult = { ...ran, status: "error", error: { message: "boom" } };
    expect(withTypeCheck(crashed, { diagnostics: [typeError] }, ["no-type-errors"]).status).toBe(
      "error",
    );
  });

  it("says when the compiler could not check: an info line, and a failed requirement", () => {
    const result = withTypeCheck(ran, { unavailable: "TypeScript did not load in time." }, [
      "no-type-errors",
    ]);
    expect(result.console[0]).toEqual({
      stream: "info",
      text: "Types were not checked: TypeScript did not load in time.",
    });
    expect(result.diagnostics).toBeUndefined();
    expect(result.tests[0]?.message).toBe(
      "TypeScript could not check your code (TypeScript did not load in time). Press Check again.",
    );
  });
});

describe("typeErrorMessage", () => {
  it("counts the errors and names the first, with only its first line", () => {
    expect(
      typeErrorMessage([
        error(
          3,
          "Type '{ a: number; }' is not assignable to type 'Planet'.\n  Property 'name' is missing",
        ),
        error(7, "Cannot find name 'x'."),
      ]),
    ).toBe(
      "TypeScript reports 2 errors. The first is on line 3 of index.ts: Type '{ a: number; }' is not assignable to type 'Planet'. Fix them so that your code has no type errors.",
    );
  });
});
