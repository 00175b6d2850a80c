import { describe, expect, it } from "vitest";
import { JS_SCAN, PYTHON_SCAN, replaceToken, SQL_SCAN, scanLine } from "./scan.ts";

describe("scanLine", () => {
  it("splits code, strings, numbers and a trailing comment", () => {
    const tokens = scanLine('x = 1 + len("a # b")  # note', PYTHON_SCAN);
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ["code", "x = "],
      ["number", "1"],
      ["code", " + len("],
      ["string", '"a # b"'],
      ["code", ")  "],
      ["comment", "# note"],
    ]);
  });

  it("keeps digits inside names and escaped quotes inside strings", () => {
    const tokens = scanLine("const a2 = 'it\\'s'; // 3", JS_SCAN);
    expect(tokens.filter((t) => t.kind !== "code").map((t) => t.text)).toEqual([
      "'it\\'s'",
      "// 3",
    ]);
    expect(scanLine("SELECT 2 -- two", SQL_SCAN).at(-1)).toMatchObject({ kind: "comment" });
  });

  it("replaces one token in its line", () => {
    const line = "total = 10";
    const number = scanLine(line, PYTHON_SCAN).find((t) => t.kind === "number")!;
    expect(replaceToken(line, number, "11")).toBe("total = 11");
  });
});
