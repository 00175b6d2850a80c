/**
 * Node only: marks the body of each async function in a learner script (already transpiled to
 * plain JavaScript) so that an exception leaving it reaches the rejection tracker inside QuickJS
 * (see quickjs-rejections.ts and the markers in wrappers.ts). Async generators are left alone.
 *
 * It reads the script with sucrase's own parser (the transpiler we already ship, so strings,
 * templates and regular expressions are told apart exactly as they were when transpiling) and only
 * inserts text, never on a line of its own: every line keeps its number.
 */
import { createRequire } from "node:module";
import {
  ASYNC_ARROW_END,
  ASYNC_ARROW_START,
  ASYNC_BODY_END,
  ASYNC_BODY_START,
} from "./wrappers.ts";

interface Token {
  type: number;
  contextualKeyword: number;
  start: number;
  end: number;
}
interface Scope {
  startTokenIndex: number;
  endTokenIndex: number;
  isFunctionScope: boolean;
}

// sucrase's parser is not part of its typed entry point; these are the pieces used here.
const require = createRequire(import.meta.url);
const { parse } = require("sucrase/dist/parser") as {
  parse(
    code: string,
    jsx: boolean,
    typescript: boolean,
    flow: boolean,
  ): {
    tokens: Token[];
    scopes: Scope[];
  };
};
const { TokenType: tt } = require("sucrase/dist/parser/tokenizer/types") as {
  TokenType: Record<
    | "name"
    | "_async"
    | "_function"
    | "star"
    | "arrow"
    | "string"
    | "semi"
    | "hash"
    | "parenL"
    | "parenR"
    | "bracketL"
    | "bracketR"
    | "braceL"
    | "braceR"
    | "dollarBraceL",
    number
  >;
};
const { ContextualKeyword } = require("sucrase/dist/parser/tokenizer/keywords") as {
  ContextualKeyword: { _async: number };
};

interface Insert {
  at: number;
  text: string;
  closing: boolean;
  /** The index of the function's `async` token: an outer function's is smaller. */
  owner: number;
}

/** At one place, an opening goes before a closing; openings outer first, closings inner first. */
function byPlace(a: Insert, b: Insert): number {
  if (a.at !== b.at) return a.at - b.at;
  if (a.closing !== b.closing) return a.closing ? 1 : -1;
  return a.closing ? b.owner - a.owner : a.owner - b.owner;
}

/** For each opening bracket its closing one, and the other way round. */
function pairs(tokens: Token[]): Int32Array {
  const partner = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  tokens.forEach((token, i) => {
    if (
      token.type === tt.parenL ||
      token.type === tt.bracketL ||
      token.type === tt.braceL ||
      token.type === tt.dollarBraceL
    ) {
      open.push(i);
    } else if (token.type === tt.parenR || token.type === tt.bracketR || token.type === tt.braceR) {
      const start = open.pop();
      if (start !== undefined) {
        partner[start] = i;
        partner[i] = start;
      }
    }
  });
  return partner;
}

/**
 * Returns the script with every async function body marked, or the script unchanged when it
 * cannot be read (QuickJS then reports the syntax error itself, on an untouched script).
 */
export function markAsyncBodies(code: string): string {
  if (!code.includes("async")) return code;
  let tokens: Token[];
  let scopes: Scope[];
  try {
    ({ tokens, scopes } = parse(code, false, false, false));
  } catch {
    return code;
  }
  const partner = pairs(tokens);
  // Where each function's scope (parameters and body) starts, and the token after its end.
  const functionEnd = new Map<number, number>();
  for (const scope of scopes) {
    if (!scope.isFunctionScope || scope.startTokenIndex === 0) continue;
    const known = functionEnd.get(scope.startTokenIndex) ?? 0;
    functionEnd.set(scope.startTokenIndex, Math.max(known, scope.endTokenIndex));
  }
  const type = (i: number) => tokens[i]?.type;
  /** The token after a function's parameters `(...)` starting at `paren`, if they close. */
  const afterParams = (paren: number) =>
    type(paren) === tt.parenL && partner[paren]! > paren ? partner[paren]! + 1 : -1;

  const inserts: Insert[] = [];
  const mark = (owner: number, start: number, startText: string, end: number, endText: string) => {
    inserts.push({ at: start, text: startText, closing: false, owner });
    inserts.push({ at: end, text: endText, closing: true, owner });
  };
  const markBlock = (open: number, end: number, owner: number) => {
    const close = end - 1;
    if (type(open) !== tt.braceL || partner[open] !== close) return;
    // A directive prologue ("use strict";) stays first in its body; the mark goes after it. One
    // without its semicolon could run on into the next line: such a function is left as it is.
    let first = open + 1;
    while (type(first) === tt.string && type(first + 1) === tt.semi) first += 2;
    if (type(first) === tt.string) return;
    mark(owner, tokens[first - 1]!.end, ASYNC_BODY_START, tokens[close]!.start, ASYNC_BODY_END);
  };

  tokens.forEach((token, i) => {
    const isAsync =
      token.type === tt._async ||
      (token.type === tt.name && token.contextualKeyword === ContextualKeyword._async);
    const next = tokens[i + 1];
    // `async` then a line break is a name of its own, never a modifier.
    if (!isAsync || !next || code.slice(token.end, next.start).includes("\n")) return;

    if (next.type === tt._function) {
      // async function name(params) { body }
      let paren = i + 2;
      if (type(paren) === tt.star) return;
      if (type(paren) !== tt.parenL) paren++;
      const body = afterParams(paren);
      const end = functionEnd.get(paren);
      if (body > 0 && end !== undefined) markBlock(body, end, i);
      return;
    }

    // async (params) => body, async param => body
    const arrow = next.type === tt.parenL ? afterParams(i + 1) : i + 2;
    if (arrow > 0 && type(arrow) === tt.arrow) {
      const end = [i + 1, i]
        .map((start) => functionEnd.get(start))
        .find((e): e is number => e !== undefined && e > arrow + 1);
      if (end === undefined) return;
      if (type(arrow + 1) === tt.braceL && partner[arrow + 1] === end - 1) {
        markBlock(arrow + 1, end, i);
      } else {
        const first = tokens[arrow + 1]!.start;
        mark(i, first, ASYNC_ARROW_START, tokens[end - 1]!.end, ASYNC_ARROW_END);
      }
      return;
    }
    if (next.type === tt.parenL || next.type === tt.star) return;

    // A method: async name(params) { body }, async [key](params) {}, async #name(params) {}
    const paren =
      next.type === tt.bracketL ? partner[i + 1]! + 1 : next.type === tt.hash ? i + 3 : i + 2;
    const end = functionEnd.get(paren);
    const body = afterParams(paren);
    if (paren > i && body > 0 && end !== undefined) markBlock(body, end, i);
  });

  if (inserts.length === 0) return code;
  inserts.sort(byPlace);
  let out = "";
  let from = 0;
  for (const insert of inserts) {
    out += code.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return out + code.slice(from);
}
