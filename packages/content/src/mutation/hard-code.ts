/**
 * The classic cheat: a program replaced by prints of what the author's solution printed (or, in
 * SQL, a SELECT of the solution's result typed out by hand). A check that only compares output
 * lets it through; a check that also looks at the program (it teaches a loop, a function) kills it.
 */
import { type LineChange, oneLineDiff } from "./types.ts";

export type HardCodeLanguage = "python" | "javascript" | "sql";

type Cell = string | number | boolean | null;

const sqlValue = (cell: Cell) =>
  cell === null
    ? "NULL"
    : typeof cell === "number"
      ? String(cell)
      : typeof cell === "boolean"
        ? cell
          ? "1"
          : "0"
        : `'${cell.replace(/'/g, "''")}'`;
const sqlName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The program that prints `output` line by line (Python, JavaScript) with nothing else. */
export function hardCodedOutput(
  output: string,
  language: "python" | "javascript",
): string | undefined {
  const lines = output.replace(/\n+$/, "").split("\n");
  if (output.trim() === "") return undefined;
  const call = language === "python" ? "print" : "console.log";
  return `${lines.map((line) => `${call}(${JSON.stringify(line)})${language === "python" ? "" : ";"}`).join("\n")}\n`;
}

/** A SELECT of the rows typed out: `SELECT 'Mug' AS "name", 8 AS "price" UNION ALL SELECT ...`. */
export function hardCodedTable(table: { columns: string[]; rows: Cell[][] }): string | undefined {
  if (table.rows.length === 0 || table.columns.length === 0) return undefined;
  const selects = table.rows.map(
    (row) =>
      `SELECT ${row.map((cell, i) => `${sqlValue(cell)} AS ${sqlName(table.columns[i] ?? `c${i}`)}`).join(", ")}`,
  );
  return `${selects.join("\nUNION ALL ")};\n`;
}

/** The hard-coding change for a file, given what the solution showed. */
export function hardCodeChange(
  original: string,
  replacement: string | undefined,
): LineChange | undefined {
  if (!replacement || replacement.trim() === original.trim()) return undefined;
  return {
    mutator: "hard-code-output",
    line: 1,
    content: replacement,
    diff: oneLineDiff("(the whole program)", replacement.split("\n")[0] ?? ""),
  };
}
