import { describe, expect, it } from "vitest";
import { hardCodeChange, hardCodedOutput, hardCodedTable } from "./hard-code.ts";

describe("hardCodedOutput", () => {
  it("prints what the solution printed, line by line", () => {
    expect(hardCodedOutput('Hi\nSay "yes"\n', "python")).toBe(
      'print("Hi")\nprint("Say \\"yes\\"")\n',
    );
    expect(hardCodedOutput("3\n", "javascript")).toBe('console.log("3");\n');
    expect(hardCodedOutput("  \n", "python")).toBeUndefined();
  });
});

describe("hardCodedTable", () => {
  it("selects the solution's rows typed out", () => {
    expect(
      hardCodedTable({
        columns: ["name", "price"],
        rows: [
          ["Mug", 8],
          ["Bob's", null],
        ],
      }),
    ).toBe(
      `SELECT 'Mug' AS "name", 8 AS "price"\nUNION ALL SELECT 'Bob''s' AS "name", NULL AS "price";\n`,
    );
    expect(hardCodedTable({ columns: ["n"], rows: [] })).toBeUndefined();
  });
});

describe("hardCodeChange", () => {
  it("replaces the whole program, unless it is the program already", () => {
    expect(hardCodeChange('x = 1\nprint("1")\n', 'print("1")\n')).toMatchObject({
      mutator: "hard-code-output",
      line: 1,
      content: 'print("1")\n',
    });
    expect(hardCodeChange('print("1")\n', 'print("1")\n')).toBeUndefined();
    expect(hardCodeChange("x", undefined)).toBeUndefined();
  });
});
