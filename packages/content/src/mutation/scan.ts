/**
 * A small line lexer for the mutators: splits one line of code into strings, numbers, comments
 * and the rest, so a mutator changes a number or an operator and never the inside of a string.
 * It is deliberately simple (one line at a time, no template nesting): a mutant it gets wrong is
 * only a mutant that does not compile, which the checks kill.
 */
export type TokenKind = "string" | "number" | "comment" | "code";

export interface Token {
  kind: TokenKind;
  start: number;
  text: string;
}

export interface ScanOptions {
  /** The line-comment marker: `#` (Python), `//` (JavaScript), `--` (SQL). */
  comment: string;
  /** The quote characters that open a string. */
  quotes: string;
}

export const PYTHON_SCAN: ScanOptions = { comment: "#", quotes: "\"'" };
export const JS_SCAN: ScanOptions = { comment: "//", quotes: "\"'`" };
export const SQL_SCAN: ScanOptions = { comment: "--", quotes: "'\"" };

const IDENT = /[A-Za-z0-9_$]/;
const NUMBER = /^\d+(?:\.\d+)?/;

export function scanLine(line: string, options: ScanOptions): Token[] {
  const tokens: Token[] = [];
  let code = "";
  let codeStart = 0;
  const flush = (at: number) => {
    if (code) tokens.push({ kind: "code", start: codeStart, text: code });
    code = "";
    codeStart = at;
  };
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (line.startsWith(options.comment, i)) {
      flush(i);
      tokens.push({ kind: "comment", start: i, text: line.slice(i) });
      return tokens;
    }
    if (options.quotes.includes(ch)) {
      flush(i);
      let j = i + 1;
      while (j < line.length && line[j] !== ch) j += line[j] === "\\" ? 2 : 1;
      const end = Math.min(j + 1, line.length);
      tokens.push({ kind: "string", start: i, text: line.slice(i, end) });
      i = end;
      codeStart = i;
      continue;
    }
    const number =
      /\d/.test(ch) && !IDENT.test(line[i - 1] ?? " ") ? line.slice(i).match(NUMBER) : null;
    if (number) {
      flush(i);
      tokens.push({ kind: "number", start: i, text: number[0] });
      i += number[0].length;
      codeStart = i;
      continue;
    }
    if (!code) codeStart = i;
    code += ch;
    i++;
  }
  flush(line.length);
  return tokens;
}

/** The line with `token` replaced by `text`. */
export function replaceToken(line: string, token: Token, text: string): string {
  return line.slice(0, token.start) + text + line.slice(token.start + token.text.length);
}
