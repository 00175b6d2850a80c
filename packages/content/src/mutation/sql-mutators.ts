/**
 * Mutators for SQL: drop the WHERE, ORDER BY or LIMIT clause of a statement, select `*` instead
 * of the column list, swap a comparison or AND/OR, change a literal. Pure functions of the text.
 */
import { replaceToken, SQL_SCAN, scanLine } from "./scan.ts";
import { type LineChange, oneLineDiff, withLine } from "./types.ts";

const CLAUSE_START: Array<[LineChange["mutator"], RegExp]> = [
  ["drop-where", /\bWHERE\b/gi],
  ["drop-order-by", /\bORDER\s+BY\b/gi],
  ["drop-limit", /\bLIMIT\b/gi],
];
const CLAUSE_STOP = /^(?:GROUP\s+BY|HAVING|ORDER\s+BY|LIMIT|WINDOW|UNION|EXCEPT|INTERSECT)\b/i;

const lineAt = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

/** Where the clause starting at `from` ends: the next clause, `;` or `)` of its own level. */
function clauseEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      const close = text.indexOf(ch, i + 1);
      if (close === -1) return text.length;
      i = close;
    } else if (ch === "(") depth++;
    else if (ch === ")") {
      if (depth === 0) return i;
      depth--;
    } else if (depth === 0) {
      if (ch === ";") return i;
      if (/\s/.test(text[i - 1] ?? "") && CLAUSE_STOP.test(text.slice(i))) return i;
    }
  }
  return text.length;
}

/** Each WHERE, ORDER BY and LIMIT clause removed, one at a time. */
export function clauseChanges(text: string): LineChange[] {
  const found: LineChange[] = [];
  for (const [mutator, pattern] of CLAUSE_START) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index ?? 0;
      // ORDER BY inside a window (OVER (...)) belongs to the window: dropping it is another lesson.
      if (mutator === "drop-order-by" && /\bOVER\s*\([^)]*$/i.test(text.slice(0, at))) continue;
      if (/'[^']*$/.test(text.slice(0, at).split("\n").at(-1) ?? "")) continue;
      let stop = clauseEnd(text, at + match[0].length);
      while (stop > at && /\s/.test(text[stop - 1] ?? "")) stop--;
      let begin = at;
      while (begin > 0 && /\s/.test(text[begin - 1] ?? "")) begin--;
      found.push({
        mutator,
        line: lineAt(text, at),
        content: text.slice(0, begin) + text.slice(stop),
        diff: oneLineDiff(text.slice(at, stop), null),
      });
    }
  }
  return found;
}

/** `SELECT a, b FROM` becomes `SELECT * FROM`: the wrong columns, the right rows. */
export function selectStarChanges(text: string): LineChange[] {
  const found: LineChange[] = [];
  for (const match of text.matchAll(/\bSELECT\s+(DISTINCT\s+)?([\s\S]+?)\s+FROM\b/gi)) {
    const columns = match[2] ?? "";
    if (columns.trim() === "*" || /\(\s*SELECT\b/i.test(columns)) continue;
    const at = match.index ?? 0;
    const replaced = `SELECT ${match[1] ?? ""}* FROM`;
    found.push({
      mutator: "select-star",
      line: lineAt(text, at),
      content: text.slice(0, at) + replaced + text.slice(at + match[0].length),
      diff: oneLineDiff(match[0], replaced),
    });
  }
  return found;
}

const SQL_SWAPS: Record<string, string> = {
  "<=": "<",
  ">=": ">",
  "<": "<=",
  ">": ">=",
  "<>": "=",
  "!=": "=",
  "=": "<>",
  AND: "OR",
  OR: "AND",
  ASC: "DESC",
  DESC: "ASC",
};

/** A comparison, AND/OR or ASC/DESC swapped; a number one up; a text literal changed. */
export function sqlTokenChanges(text: string): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    for (const token of scanLine(line, SQL_SCAN)) {
      let replacements: string[] = [];
      if (token.kind === "number") replacements = [String(Number(token.text) + 1)];
      else if (token.kind === "string" && token.text.length > 2)
        replacements = [`${token.text.slice(0, -1)}x${token.text.slice(-1)}`];
      if (token.kind === "number" || token.kind === "string") {
        for (const r of replacements) {
          const after = replaceToken(line, token, r);
          found.push({
            mutator: "literal",
            line: index + 1,
            content: withLine(lines, index, after),
            diff: oneLineDiff(line, after),
          });
        }
        continue;
      }
      if (token.kind !== "code") continue;
      for (const match of token.text.matchAll(/<=|>=|<>|!=|<|>|=|\b(?:AND|OR|ASC|DESC)\b/gi)) {
        const swap = SQL_SWAPS[match[0].toUpperCase()];
        if (!swap) continue;
        const at = token.start + (match.index ?? 0);
        const after = line.slice(0, at) + swap + line.slice(at + match[0].length);
        found.push({
          mutator: "operator",
          line: index + 1,
          content: withLine(lines, index, after),
          diff: oneLineDiff(line, after),
        });
      }
    }
  });
  return found;
}

export function sqlChanges(text: string): LineChange[] {
  return [...clauseChanges(text), ...selectStarChanges(text), ...sqlTokenChanges(text)];
}
