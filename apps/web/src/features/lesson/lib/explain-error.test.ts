import { describe, expect, it } from "vitest";
import { explainError } from "./explain-error.ts";

describe("explainError", () => {
  it.each([
    ["NameError: name 'pritn' is not defined", "A name Python does not know", "pritn"],
    [
      "SyntaxError: unterminated string literal (detected at line 1)",
      "A string is not closed",
      "quote",
    ],
    ["SyntaxError: '(' was never closed", "A bracket is not closed", "("],
    [
      "IndentationError: expected an indented block after 'if' statement on line 1",
      "The spaces at the start of a line are off",
      "4 spaces",
    ],
    [
      'TypeError: can only concatenate str (not "int") to str',
      "Joining text with a number",
      "str(...)",
    ],
    ["ZeroDivisionError: division by zero", "Dividing by zero", "0"],
    ["ReferenceError: consol is not defined", "A name JavaScript does not know", "consol"],
    [
      "TypeError: console.Log is not a function",
      "Calling something that is not a function",
      "console.Log",
    ],
    [
      "TypeError: Cannot read properties of undefined (reading 'length')",
      "Reading from undefined",
      ".length",
    ],
    ["SyntaxError: Identifier 'x' has already been declared", "Declared twice", '"x"'],
    ["SyntaxError: Unexpected token ')'", "JavaScript cannot read this code", "bracket"],
    ["no such table: planet", "A table that does not exist", '"planet"'],
    ["no such column: nme", "A column that does not exist", '"nme"'],
    ['near "FORM": syntax error', "SQL cannot read the query", '"FORM"'],
  ])("explains %s", (message, title, mentions) => {
    const explained = explainError(message);
    expect(explained?.title).toBe(title);
    expect(explained?.explanation).toContain(mentions);
  });

  it("gives a general reading for any other syntax error", () => {
    expect(explainError("SyntaxError: invalid syntax")?.title).toBe("The code cannot be read");
  });

  it("stays silent on errors it does not know", () => {
    expect(explainError("Something odd happened")).toBeUndefined();
    expect(explainError(undefined)).toBeUndefined();
  });
});
