/**
 * The words each lesson language offers as the learner types, beyond what CodeMirror's language
 * packs already offer: lang-python completes Python's built-ins and def/for/while/try/if/class/
 * import/from as snippets, lang-javascript the keywords it lists and its snippets, lang-sql the
 * SQLite keywords and types, lang-css properties, values and selectors, lang-html tags and
 * attributes. A word listed here and there is shown once (the autocompletion merges equal
 * options), so these lists only fill the gaps.
 */
import type { Completion } from "@codemirror/autocomplete";

const typed = (type: string, words: string) =>
  words.split(/\s+/).map((label): Completion => ({ label, type }));

export const PYTHON_KEYWORDS = typed(
  "keyword",
  "and as assert async await break continue del elif else except finally global in is lambda " +
    "nonlocal not or pass raise return with yield match case",
);

/** Methods of str, list, dict and set a beginner meets first, offered after a dot. */
export const PYTHON_MEMBERS = typed(
  "method",
  "upper lower strip lstrip rstrip split join replace startswith endswith find count format " +
    "title capitalize isdigit isalpha isnumeric zfill append extend insert remove pop sort " +
    "reverse index copy clear keys values items get update setdefault add discard union " +
    "intersection difference",
);

export const JAVASCRIPT_KEYWORDS = typed(
  "keyword",
  "async await catch else null of undefined void debugger",
);

export const JAVASCRIPT_GLOBALS = [
  ...typed("variable", "console document window globalThis"),
  ...typed(
    "class",
    "Math JSON Number String Array Object Boolean Date Promise Map Set Error RegExp Symbol",
  ),
  ...typed(
    "function",
    "parseInt parseFloat isNaN setTimeout setInterval clearTimeout clearInterval structuredClone",
  ),
];

/** Methods and properties a beginner meets first (console, arrays, strings, Math, the DOM). */
export const JAVASCRIPT_MEMBERS = [
  ...typed(
    "method",
    "log error warn info table push pop shift unshift slice splice map filter reduce forEach " +
      "find findIndex includes indexOf join sort reverse concat some every flat toUpperCase " +
      "toLowerCase trim split replace replaceAll startsWith endsWith padStart padEnd repeat " +
      "charAt at toFixed toString keys values entries floor ceil round random max min abs sqrt " +
      "pow then catch finally querySelector querySelectorAll getElementById addEventListener " +
      "appendChild createElement",
  ),
  ...typed("property", "length textContent innerHTML classList style value"),
];

export const TYPESCRIPT_KEYWORDS = typed(
  "keyword",
  "abstract as asserts infer keyof namespace readonly satisfies is",
);

export const TYPESCRIPT_TYPES = typed(
  "type",
  "string number boolean any unknown never object bigint symbol Record Partial Readonly " +
    "Pick Omit Array Promise",
);

/** SQLite's functions (lang-sql knows its keywords and types, not these). */
export const SQL_FUNCTIONS = typed(
  "function",
  "COUNT SUM AVG MIN MAX ROUND LENGTH UPPER LOWER ABS COALESCE IFNULL NULLIF SUBSTR TRIM " +
    "REPLACE INSTR DATE TIME DATETIME STRFTIME TOTAL GROUP_CONCAT RANDOM",
);
