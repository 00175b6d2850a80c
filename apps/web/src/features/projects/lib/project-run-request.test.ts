/** buildProjectRunRequest: the entry, the SQL seed, and the files a run cannot take. */
import { PROJECT_TEMPLATES } from "@lumen/core";
import { describe, expect, it } from "vitest";
import { buildProjectRunRequest } from "./project-run-request.ts";

describe("buildProjectRunRequest", () => {
  it("runs an SQL project's entry against a seed made of its other .sql files", () => {
    const sql = PROJECT_TEMPLATES.sql;
    const { request, skipped } = buildProjectRunRequest("sql", sql.files, sql.entry);
    expect(request.language).toBe("sql");
    expect(request.entry).toBe("query.sql");
    expect(request.seed).toContain("CREATE TABLE books");
    expect(request.seed).not.toContain("SELECT authors.name");
    expect(skipped).toEqual([]);
  });

  it("keeps the entry first and names the files it leaves out", () => {
    const files = [
      { path: "my notes.txt", content: "" },
      ...Array.from({ length: 25 }, (_, i) => ({ path: `m${i}.py`, content: "" })),
      { path: "main.py", content: "print(1)" },
    ];
    const { request, skipped } = buildProjectRunRequest("python", files, "main.py");
    expect(request.files[0]).toEqual({ name: "main.py", content: "print(1)" });
    expect(request.files).toHaveLength(20);
    expect(skipped[0]).toMatch(/my notes.txt/);
    expect(skipped).toHaveLength(7);
  });
});
