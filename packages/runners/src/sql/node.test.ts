import { type RunRequest, type RunResult, runResultSchema } from "@lumen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARVED_WALL_CAP } from "../host/cpu-time.ts";
import type { LanguageRunner } from "../types.ts";
import { createNodeSqlRunner } from "./node.ts";

const SEED = `
CREATE TABLE planets (id INTEGER PRIMARY KEY, name TEXT NOT NULL, moons INTEGER);
INSERT INTO planets (name, moons) VALUES ('Mercury', 0), ('Venus', 0), ('Earth', 1);
`;

let runner: LanguageRunner;

beforeAll(async () => {
  runner = createNodeSqlRunner();
  await runner.preload();
}, 60_000);

afterAll(() => runner.dispose());

async function run(sql: string, extra: Partial<RunRequest> = {}): Promise<RunResult> {
  const result = await runner.run({
    language: "sql",
    files: [{ name: "query.sql", content: sql }],
    seed: SEED,
    ...extra,
  });
  return runResultSchema.parse(result);
}

const tables = (result: RunResult) => (result.output?.kind === "table" ? result.output.tables : []);

describe("running SQL", () => {
  it("returns every result set as a table with its statement", async () => {
    const result = await run(
      "SELECT name FROM planets ORDER BY id;\n-- how many?\nSELECT count(*) AS n FROM planets;",
    );
    expect(result.status).toBe("passed");
    expect(tables(result)).toEqual([
      {
        statement: "SELECT name FROM planets ORDER BY id;",
        columns: ["name"],
        rows: [["Mercury"], ["Venus"], ["Earth"]],
      },
      { statement: "SELECT count(*) AS n FROM planets;", columns: ["n"], rows: [[3]] },
    ]);
  });

  it("runs statements that change the data, then queries that see the change", async () => {
    const result = await run(
      "INSERT INTO planets (name, moons) VALUES ('Mars', 2);\nUPDATE planets SET moons = 3 WHERE name = 'Mars';\nSELECT moons FROM planets WHERE name = 'Mars';",
    );
    expect(tables(result)).toEqual([
      {
        statement: "SELECT moons FROM planets WHERE name = 'Mars';",
        columns: ["moons"],
        rows: [[3]],
      },
    ]);
  });

  it("keeps non-ASCII text intact", async () => {
    const result = await run("SELECT 'Jörð 地球 🌍' AS name;");
    expect(tables(result)[0]?.rows).toEqual([["Jörð 地球 🌍"]]);
  });
});

describe("bad input", () => {
  it("names the statement and line of a syntax error, keeping earlier results", async () => {
    const result = await run("SELECT name FROM planets WHERE id = 1;\n\nSELEC name FROM planets;");
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ file: "query.sql", line: 3 });
    expect(result.error?.message).toContain('"SELEC name FROM planets;"');
    expect(result.error?.message).toContain("syntax error");
    expect(tables(result)).toHaveLength(1);
  });

  it("names a statement that fails while running", async () => {
    const result = await run("SELECT 1;\nINSERT INTO planets (name) VALUES (NULL);");
    expect(result.status).toBe("error");
    expect(result.error?.line).toBe(2);
    expect(result.error?.message).toContain("NOT NULL constraint failed: planets.name");
    expect(result.error?.message).toContain("INSERT INTO planets (name) VALUES (NULL);");
  });

  it("starts the next run from the seed after DROP TABLE", async () => {
    const dropped = await run("DROP TABLE planets;");
    expect(dropped.status).toBe("passed");
    const next = await run("SELECT count(*) FROM planets;");
    expect(next.status).toBe("passed");
    expect(tables(next)[0]?.rows).toEqual([[3]]);
  });

  it("stops a recursive CTE without end at the time limit, and the next run works", async () => {
    const started = Date.now();
    const result = await run(
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n;",
      { timeoutMs: 1000 },
    );
    expect(result.status).toBe("timeout");
    expect(result.error?.message).toContain("ran for more than 1 second");
    // The sandbox's own clock ends it: within the limit drawn out for a starved process (cpu-time.ts),
    // well before the watchdog would.
    expect(Date.now() - started).toBeLessThan(1_000 * STARVED_WALL_CAP + 2_000);
    expect(tables(await run("SELECT 1 AS one;"))[0]?.rows).toEqual([[1]]);
  });

  it("shows the first rows of a huge result with a note", async () => {
    const result = await run(
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 50000) SELECT x FROM n;",
    );
    expect(tables(result)[0]?.rows).toHaveLength(1000);
    expect(result.console.map((entry) => entry.text).join("")).toContain(
      "Showing the first 1,000 of",
    );
  });

  it("reports a broken seed as the lesson's fault", async () => {
    const result = await run("SELECT 1;", { seed: "CREATE TABLE (" });
    expect(result.status).toBe("error");
    expect(result.error?.message).toContain("seed database could not be built");
  });
});

describe("checks", () => {
  const resultCheck = {
    name: "Selects the name of every planet",
    kind: "result",
    columns: ["NAME"],
    rows: [["Mercury"], ["Venus"], ["Earth"]],
    ordered: false,
    message: "Select only the name column from planets.",
  };
  const queryCheck = {
    name: "Adds Mars",
    kind: "query",
    query: "SELECT count(*) FROM planets WHERE name = 'Mars'",
    rows: [[1]],
    message: "Insert one row for Mars.",
  };

  it("passes a result check in any order, columns compared case-insensitively", async () => {
    const result = await run("SELECT name FROM planets ORDER BY name;", {
      checks: JSON.stringify([resultCheck]),
    });
    expect(result.status).toBe("passed");
    expect(result.tests).toEqual([{ name: resultCheck.name, status: "passed" }]);
  });

  it("fails an ordered result check when the order differs", async () => {
    const result = await run("SELECT name FROM planets ORDER BY name;", {
      checks: JSON.stringify([{ ...resultCheck, ordered: true }]),
    });
    expect(result.status).toBe("failed");
    expect(result.tests[0]).toMatchObject({
      status: "failed",
      message: "Select only the name column from planets.",
      expected: '[["Mercury"],["Venus"],["Earth"]]',
      actual: '[["Earth"],["Mercury"],["Venus"]]',
    });
  });

  it("fails a result check with the author's message when columns differ", async () => {
    const result = await run("SELECT * FROM planets;", { checks: JSON.stringify([resultCheck]) });
    expect(result.tests[0]).toMatchObject({
      status: "failed",
      message: "Select only the name column from planets.",
      actual: '["id","name","moons"]',
    });
  });

  it("runs a query check against the database after the learner's statements", async () => {
    const pass = await run("INSERT INTO planets (name, moons) VALUES ('Mars', 2);", {
      checks: JSON.stringify([queryCheck]),
    });
    expect(pass.tests).toEqual([{ name: "Adds Mars", status: "passed" }]);
    const fail = await run("INSERT INTO planets (name, moons) VALUES ('Mars', 2), ('Mars', 2);", {
      checks: JSON.stringify([queryCheck]),
    });
    expect(fail.status).toBe("failed");
    expect(fail.tests[0]).toMatchObject({ message: "Insert one row for Mars.", actual: "[[2]]" });
  });

  it("tells a query from the same rows typed out with a statement check", async () => {
    const fromPlanets = {
      kind: "statement",
      name: "Reads the planets table",
      pattern: "\\bFROM\\s+planets\\b",
      message: "Get the names with SELECT … FROM planets.",
    };
    const query = await run("SELECT name FROM planets;", {
      checks: JSON.stringify([resultCheck, fromPlanets]),
    });
    expect(query.status).toBe("passed");
    const typedOut = await run(
      "SELECT 'Mercury' AS name UNION ALL SELECT 'Venus' UNION ALL SELECT 'Earth'; -- FROM planets",
      { checks: JSON.stringify([resultCheck, fromPlanets]) },
    );
    expect(typedOut.tests).toEqual([
      { name: resultCheck.name, status: "passed" },
      expect.objectContaining({
        name: "Reads the planets table",
        status: "failed",
        message: "Get the names with SELECT … FROM planets.",
      }),
    ]);
  });

  it("fails an `absent` statement check when the pattern is there", async () => {
    const noStar = {
      kind: "statement",
      name: "Names its columns",
      pattern: "SELECT\\s+\\*",
      absent: true,
      message: "List the columns instead of *.",
    };
    const star = await run("select * from planets;", { checks: JSON.stringify([noStar]) });
    expect(star.tests[0]).toMatchObject({
      status: "failed",
      message: "List the columns instead of *.",
    });
    const named = await run("SELECT id, name, moons FROM planets;", {
      checks: JSON.stringify([noStar]),
    });
    expect(named.tests[0]).toEqual({ name: "Names its columns", status: "passed" });
  });

  it("refuses a statement check whose pattern is not a regular expression", async () => {
    const result = await run("SELECT 1;", {
      checks: JSON.stringify([{ kind: "statement", name: "x", pattern: "(", message: "m" }]),
    });
    expect(result.tests[0]?.message).toContain("not in the lesson format");
  });

  it("says so when the check block is not valid", async () => {
    const result = await run("SELECT 1;", { checks: "[{" });
    expect(result.status).toBe("failed");
    expect(result.tests[0]?.message).toContain("not valid JSON");
  });
});
