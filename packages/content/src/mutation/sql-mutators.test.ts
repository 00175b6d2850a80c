import { describe, expect, it } from "vitest";
import { clauseChanges, selectStarChanges, sqlTokenChanges } from "./sql-mutators.ts";

const contents = (changes: Array<{ content: string }>) => changes.map((c) => c.content);

describe("clauseChanges", () => {
  it("drops WHERE, ORDER BY and LIMIT one at a time", () => {
    const sql = "SELECT name FROM pets\nWHERE age > 2\nORDER BY name\nLIMIT 3;";
    const changes = clauseChanges(sql);
    expect(changes.map((c) => [c.mutator, c.line])).toEqual([
      ["drop-where", 2],
      ["drop-order-by", 3],
      ["drop-limit", 4],
    ]);
    expect(contents(changes)).toEqual([
      "SELECT name FROM pets\nORDER BY name\nLIMIT 3;",
      "SELECT name FROM pets\nWHERE age > 2\nLIMIT 3;",
      "SELECT name FROM pets\nWHERE age > 2\nORDER BY name;",
    ]);
  });

  it("keeps a window's ORDER BY and stops a WHERE at the end of its subquery", () => {
    expect(clauseChanges("SELECT RANK() OVER (ORDER BY score) FROM t;")).toEqual([]);
    expect(
      contents(clauseChanges("SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE x = 1);")),
    ).toEqual(["SELECT * FROM t;", "SELECT * FROM t WHERE id IN (SELECT id FROM u);"]);
  });
});

describe("selectStarChanges", () => {
  it("selects * instead of the column list, keeping DISTINCT", () => {
    expect(contents(selectStarChanges("SELECT DISTINCT name, age FROM pets;"))).toEqual([
      "SELECT DISTINCT * FROM pets;",
    ]);
    expect(selectStarChanges("SELECT * FROM pets;")).toEqual([]);
  });
});

describe("sqlTokenChanges", () => {
  it("swaps comparisons, AND/OR and ASC/DESC and changes literals", () => {
    expect(
      contents(sqlTokenChanges("SELECT * FROM t WHERE a >= 3 AND b = 'x' ORDER BY a DESC;")),
    ).toEqual([
      "SELECT * FROM t WHERE a > 3 AND b = 'x' ORDER BY a DESC;",
      "SELECT * FROM t WHERE a >= 4 AND b = 'x' ORDER BY a DESC;",
      "SELECT * FROM t WHERE a >= 3 OR b = 'x' ORDER BY a DESC;",
      "SELECT * FROM t WHERE a >= 3 AND b <> 'x' ORDER BY a DESC;",
      "SELECT * FROM t WHERE a >= 3 AND b = 'xx' ORDER BY a DESC;",
      "SELECT * FROM t WHERE a >= 3 AND b = 'x' ORDER BY a ASC;",
    ]);
  });
});
