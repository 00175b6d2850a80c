/**
 * The tutor's plain-words reading of the last error: the common Python, JavaScript and SQL
 * messages a beginner meets, each with what it means and what to try. Unknown errors get no
 * explanation rather than a wrong one.
 */

export interface ErrorExplanation {
  /** A short name for the problem, e.g. "A name Python does not know". */
  title: string;
  /** What happened and what to try, in plain words. */
  explanation: string;
}

type Rule = {
  pattern: RegExp;
  explain(match: RegExpMatchArray): ErrorExplanation;
};

const quoted = (value: string | undefined) => (value ? `"${value}"` : "that name");

const RULES: Rule[] = [
  // Python
  {
    pattern:
      /IndentationError: (expected an indented block|unexpected indent|unindent does not match)/,
    explain: (m) => ({
      title: "The spaces at the start of a line are off",
      explanation:
        m[1] === "expected an indented block"
          ? "After a line ending in a colon (if, for, def, ...), the next line must be indented, usually by 4 spaces."
          : "Python uses the spaces at the start of each line to group code. Line up this line with the others in its block, using 4 spaces per level.",
    }),
  },
  {
    pattern: /NameError: name '([^']+)' is not defined/,
    explain: (m) => ({
      title: "A name Python does not know",
      explanation: `Python does not know ${quoted(m[1])}. Check its spelling and capitals, create it before you use it, or put quotes around it if you meant text.`,
    }),
  },
  {
    pattern:
      /SyntaxError: (unterminated string literal|EOL while scanning string literal|unterminated triple-quoted string)/,
    explain: () => ({
      title: "A string is not closed",
      explanation:
        "A piece of text starts with a quote but never ends. Add the closing quote, the same kind as the opening one.",
    }),
  },
  {
    pattern: /SyntaxError: '(\(|\[|\{)' was never closed/,
    explain: (m) => ({
      title: "A bracket is not closed",
      explanation: `A "${m[1]}" opens but never closes. Add its partner at the end of the expression.`,
    }),
  },
  {
    pattern: /SyntaxError: expected ':'/,
    explain: () => ({
      title: "A colon is missing",
      explanation: "Lines that start a block (if, elif, else, for, while, def) end with a colon.",
    }),
  },
  {
    pattern: /TypeError: can only concatenate str \(not "(\w+)"\) to str/,
    explain: (m) => ({
      title: "Joining text with a number",
      explanation: `+ joins text only to text, and this is a ${m[1]}. Turn it into text first with str(...), or use an f-string.`,
    }),
  },
  {
    pattern: /TypeError: unsupported operand type\(s\) for ([^:]+): '(\w+)' and '(\w+)'/,
    explain: (m) => ({
      title: "These two values do not mix",
      explanation: `You cannot use ${m[1]?.trim()} on a ${m[2]} and a ${m[3]}. Convert one of them first, for example with int(...) or str(...).`,
    }),
  },
  {
    pattern: /TypeError: '(\w+)' object is not callable/,
    explain: (m) => ({
      title: "Calling something that is not a function",
      explanation: `Brackets after a value call it, but this is a ${m[1]}, not a function. Did a variable take the name of a function, or are brackets in the wrong place?`,
    }),
  },
  {
    pattern:
      /TypeError: (\w+)\(\) (missing \d+ required positional argument|takes \d+ positional arguments? but \d+ (were|was) given)/,
    explain: (m) => ({
      title: "The wrong number of values for a function",
      explanation: `${m[1]}() got a different number of values than it expects. Compare the call with the def line.`,
    }),
  },
  {
    pattern: /ValueError: invalid literal for int\(\) with base 10: '([^']*)'/,
    explain: (m) => ({
      title: "Text that is not a whole number",
      explanation: `int() can only turn text like "42" into a number, not "${m[1]}".`,
    }),
  },
  {
    pattern: /ZeroDivisionError/,
    explain: () => ({
      title: "Dividing by zero",
      explanation: "A number was divided by 0, which has no answer. Check the value you divide by.",
    }),
  },
  {
    pattern: /IndexError: (list|string|tuple) index out of range/,
    explain: (m) => ({
      title: "Past the end of a list",
      explanation: `That position does not exist in the ${m[1]}. Positions start at 0, so the last one is len(...) - 1.`,
    }),
  },
  {
    pattern: /KeyError: (.+)/,
    explain: (m) => ({
      title: "A key the dictionary does not have",
      explanation: `The dictionary has no key ${m[1]?.trim()}. Check the spelling, or use .get() to allow a missing key.`,
    }),
  },
  {
    pattern: /AttributeError: '(\w+)' object has no attribute '([^']+)'/,
    explain: (m) => ({
      title: "A method or property that does not exist",
      explanation: `A ${m[1]} has no "${m[2]}". Check the spelling, and that the value is the type you expect.`,
    }),
  },
  {
    pattern: /ModuleNotFoundError: No module named '([^']+)'/,
    explain: (m) => ({
      title: "A module that is not available",
      explanation: `There is no module "${m[1]}" here. Check the spelling of the import.`,
    }),
  },
  // JavaScript
  {
    pattern: /ReferenceError: (\S+) is not defined/,
    explain: (m) => ({
      title: "A name JavaScript does not know",
      explanation: `JavaScript does not know ${quoted(m[1])}. Check its spelling and capitals, declare it with let or const first, or put quotes around it if you meant text.`,
    }),
  },
  {
    pattern: /ReferenceError: Cannot access '([^']+)' before initialization/,
    explain: (m) => ({
      title: "Used before it was created",
      explanation: `"${m[1]}" is used on a line above the one that declares it. Move the declaration up.`,
    }),
  },
  {
    pattern: /TypeError: (\S+) is not a function/,
    explain: (m) => ({
      title: "Calling something that is not a function",
      explanation: `${m[1]} is not a function. Check the spelling (console.log, not console.Log) and that you are calling the right thing.`,
    }),
  },
  {
    pattern: /TypeError: Cannot read properties of (undefined|null) \(reading '([^']+)'\)/,
    explain: (m) => ({
      title: `Reading from ${m[1]}`,
      explanation: `You asked for .${m[2]} of a value that is ${m[1]}. The value before the dot is not what you expect: check where it is set.`,
    }),
  },
  {
    pattern: /TypeError: Assignment to constant variable/,
    explain: () => ({
      title: "Changing a const",
      explanation: "A const cannot get a new value. Declare it with let if it has to change.",
    }),
  },
  {
    pattern: /SyntaxError: Identifier '([^']+)' has already been declared/,
    explain: (m) => ({
      title: "Declared twice",
      explanation: `"${m[1]}" is declared twice. Remove the second let or const and just assign the new value.`,
    }),
  },
  {
    pattern:
      /SyntaxError: (Unexpected end of input|missing \) after argument list|Unexpected token|Invalid or unexpected token|Unterminated string)/,
    explain: () => ({
      title: "JavaScript cannot read this code",
      explanation:
        "Something breaks JavaScript's rules: usually a missing or extra bracket, brace, quote or comma. Check the line shown and the one before it.",
    }),
  },
  {
    pattern: /RangeError: Maximum call stack size exceeded/,
    explain: () => ({
      title: "A function that never stops calling itself",
      explanation:
        "A function calls itself again and again. Make sure it has a case where it returns without calling itself.",
    }),
  },
  // SQL (SQLite's wording)
  {
    pattern: /no such table: (\S+)/,
    explain: (m) => ({
      title: "A table that does not exist",
      explanation: `There is no table called "${m[1]}". Check the spelling against the tables in this lesson.`,
    }),
  },
  {
    pattern: /no such column: (\S+)/,
    explain: (m) => ({
      title: "A column that does not exist",
      explanation: `There is no column "${m[1]}" in the tables you query. Check its spelling, and put quotes around text values: 'Mars', not Mars.`,
    }),
  },
  {
    pattern: /near "([^"]*)": syntax error/,
    explain: (m) => ({
      title: "SQL cannot read the query",
      explanation: `The query breaks SQL's rules near "${m[1]}". Check the order (SELECT ... FROM ... WHERE ... ORDER BY), commas between columns, and quotes around text.`,
    }),
  },
  {
    pattern: /incomplete input/,
    explain: () => ({
      title: "The query stops too early",
      explanation: "The query ends in the middle: a bracket or quote may not be closed.",
    }),
  },
  {
    pattern: /(NOT NULL|UNIQUE) constraint failed: (\S+)/,
    explain: (m) => ({
      title: m[1] === "UNIQUE" ? "A value that must be unique" : "A value that is required",
      explanation:
        m[1] === "UNIQUE"
          ? `${m[2]} must be different in every row, and this value is already there.`
          : `${m[2]} cannot be empty: give it a value.`,
    }),
  },
  {
    pattern: /ambiguous column name: (\S+)/,
    explain: (m) => ({
      title: "A column name in two tables",
      explanation: `More than one table has a column "${m[1]}". Say which one you mean: table.${m[1]}.`,
    }),
  },
  {
    pattern: /misuse of aggregate/,
    explain: () => ({
      title: "An aggregate in the wrong place",
      explanation:
        "COUNT, SUM, AVG, MIN and MAX cannot go in WHERE. Filter groups with HAVING instead.",
    }),
  },
  // Any other syntax error, in either language: last, so the precise rules above win.
  {
    pattern: /SyntaxError/,
    explain: () => ({
      title: "The code cannot be read",
      explanation:
        "Something in the line breaks the language's rules: look for a missing bracket, quote, colon or comma, or a word spelled wrong, on the line shown or just before it.",
    }),
  },
];

export function explainError(message: string | undefined): ErrorExplanation | undefined {
  if (!message) return undefined;
  for (const rule of RULES) {
    const match = message.match(rule.pattern);
    if (match) return rule.explain(match);
  }
  return undefined;
}

/** The explanation for a run that was stopped at the time limit. */
export const TIMEOUT_EXPLANATION: ErrorExplanation = {
  title: "The program did not finish",
  explanation:
    "It ran until the time limit. A loop that never ends is the usual cause: check that its condition becomes false, or that it has a break.",
};
