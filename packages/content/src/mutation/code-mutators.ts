/**
 * Mutators for programs (Python, JavaScript, TypeScript, JSX): change a literal, drop a statement,
 * swap an operator, shift a loop bound by one, print where the solution returns. Each is a pure
 * function from a file's text to the changes it can make, one line at a time.
 */
import { JS_SCAN, PYTHON_SCAN, replaceToken, type ScanOptions, scanLine } from "./scan.ts";
import { type LineChange, oneLineDiff, withLine } from "./types.ts";

export type ProgramLanguage = "python" | "javascript";

const scanOf = (language: ProgramLanguage): ScanOptions =>
  language === "python" ? PYTHON_SCAN : JS_SCAN;

const isBlank = (line: string, language: ProgramLanguage) => {
  const t = line.trim();
  return t === "" || t.startsWith(language === "python" ? "#" : "//");
};

function change(
  mutator: LineChange["mutator"],
  lines: string[],
  index: number,
  after: string | null,
): LineChange {
  return {
    mutator,
    line: index + 1,
    content: withLine(lines, index, after),
    diff: oneLineDiff(lines[index] ?? "", after),
  };
}

/** A string literal changed so it no longer matches: the first letter's case swapped. */
function changedString(literal: string): string | undefined {
  const quote = literal[0] ?? "";
  const body = literal.slice(1, literal.endsWith(quote) && literal.length > 1 ? -1 : undefined);
  if (body.includes("${") || body.includes("{")) return undefined;
  const at = body.search(/[A-Za-z]/);
  const next =
    at === -1
      ? `${body}x`
      : body.slice(0, at) +
        (body[at] === body[at]!.toUpperCase() ? body[at]!.toLowerCase() : body[at]!.toUpperCase()) +
        body.slice(at + 1);
  return `${quote}${next}${quote}`;
}

/** Numbers one up (and, when not zero, one down); strings with a letter's case swapped. */
export function literalChanges(text: string, language: ProgramLanguage): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    if (/^\s*(import|from)\s/.test(line)) return;
    for (const token of scanLine(line, scanOf(language))) {
      if (token.kind === "number") {
        const value = Number(token.text);
        const up = token.text.includes(".") ? String(value + 0.5) : String(value + 1);
        found.push(change("literal", lines, index, replaceToken(line, token, up)));
      } else if (token.kind === "string") {
        // A prompt's wording (`input("Name: ")`) is the learner's to choose.
        if (/\binput\(\s*$/.test(line.slice(0, token.start))) continue;
        const next = changedString(token.text);
        if (next && next !== token.text)
          found.push(change("literal", lines, index, replaceToken(line, token, next)));
      }
    }
  });
  return found;
}

/** Python: a statement replaced by `pass` (the block stays valid); JavaScript: a statement removed. */
export function dropLineChanges(text: string, language: ProgramLanguage): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    if (isBlank(line, language)) return;
    const t = line.trim();
    if (language === "python") {
      if (t.endsWith(":") || /^(def|class|import|from|else|elif|return|pass)\b/.test(t)) return;
      if (/[([{,\\]$/.test(t) || /^[)\]}]/.test(t)) return;
      found.push(change("drop-line", lines, index, `${line.match(/^\s*/)?.[0] ?? ""}pass`));
    } else {
      if (!/;$/.test(t) || /^(import|export|return|const|let|var)\b/.test(t)) return;
      if (/^[)\]}]/.test(t) || t.startsWith("<")) return;
      found.push(change("drop-line", lines, index, null));
    }
  });
  return found;
}

/** A line of JSX text: no statement ending, no assignment, no brackets that open code. */
const isJsxText = (line: string) => {
  const t = line.trim();
  return t !== "" && !/[;{}()[\],=?:]|=>|&&|\|\|/.test(t);
};

const SWAPS: Array<[RegExp, (m: string) => string]> = [
  [/===|!==/g, (m) => (m === "===" ? "!==" : "===")],
  [/(?<![=!<>])==(?!=)|!=(?!=)/g, (m) => (m === "==" ? "!=" : "==")],
  [
    /<=|>=|(?<![<=-])<(?![=</A-Za-z>])|(?<![=>-])>(?![=>])/g,
    (m) => ({ "<": "<=", "<=": "<", ">": ">=", ">=": ">" })[m] ?? m,
  ],
  [/(?<![+\-=*/])[+](?![+=])|(?<![+\-=*/<>])-(?![-=>])/g, (m) => (m === "+" ? "-" : "+")],
  [/&&|\|\|/g, (m) => (m === "&&" ? "||" : "&&")],
  [/\band\b|\bor\b/g, (m) => (m === "and" ? "or" : "and")],
];

/** One operator swapped: + and -, < and <=, > and >=, == and !=, and/or, && and ||. */
export function operatorChanges(text: string, language: ProgramLanguage): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    if (/^\s*(import|from)\s/.test(line)) return;
    // Markup and type arguments (`<div>`, `Array<string>`) are not comparisons, and a JSX text
    // line (`- $10` in a button) is words, not code.
    if (language === "javascript" && (/<\/?[A-Za-z]/.test(line) || isJsxText(line))) return;
    for (const token of scanLine(line, scanOf(language))) {
      if (token.kind !== "code") continue;
      for (const [pattern, swap] of SWAPS) {
        if (language === "javascript" && pattern.source.includes("\\band")) continue;
        for (const match of token.text.matchAll(pattern)) {
          const at = token.start + (match.index ?? 0);
          const after = line.slice(0, at) + swap(match[0]) + line.slice(at + match[0].length);
          if (after !== line) found.push(change("operator", lines, index, after));
        }
      }
    }
  });
  return found;
}

/** A loop bound shifted by one: `range(n)` to `range(n - 1)`, a JS loop starting at 1, not 0. */
export function offByOneChanges(text: string, language: ProgramLanguage): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    if (language === "python") {
      for (const match of line.matchAll(/\brange\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
        const args = match[1] ?? "";
        const parts = args.split(",");
        const next =
          parts.length === 1
            ? `range(${args.trim()} - 1)`
            : `range(${[`${parts[0]!.trim()} + 1`, ...parts.slice(1).map((p) => p.trim())].join(", ")})`;
        const at = match.index ?? 0;
        found.push(
          change(
            "off-by-one",
            lines,
            index,
            line.slice(0, at) + next + line.slice(at + match[0].length),
          ),
        );
      }
    } else if (/^\s*for\s*\(/.test(line)) {
      const start = line.replace(
        /(\b(?:let|var)\s+\w+\s*=\s*)(\d+)/,
        (_m, head: string, n: string) => `${head}${Number(n) + 1}`,
      );
      if (start !== line) found.push(change("off-by-one", lines, index, start));
      const bound = line.replace(/\.length\b(?!\s*-)/, ".length - 1");
      if (bound !== line) found.push(change("off-by-one", lines, index, bound));
    }
  });
  return found;
}

/** `return x` printed instead: the function then gives None/undefined, and the output looks right. */
export function printNotReturnChanges(text: string, language: ProgramLanguage): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    const match = line.match(/^(\s*)return\s+(.+?)(;?)\s*$/);
    if (!match) return;
    const value = match[2] ?? "";
    if (language === "javascript" && (/^[(<]/.test(value) || value.endsWith("{"))) return;
    const after =
      language === "python" ? `${match[1]}print(${value})` : `${match[1]}console.log(${value});`;
    found.push(change("print-not-return", lines, index, after));
  });
  return found;
}

/** Every change the program mutators can make to one file. */
export function programChanges(text: string, language: ProgramLanguage): LineChange[] {
  return [
    ...literalChanges(text, language),
    ...dropLineChanges(text, language),
    ...operatorChanges(text, language),
    ...offByOneChanges(text, language),
    ...printNotReturnChanges(text, language),
  ];
}
