import type { ConsoleEntry } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { echoAnswer, withoutErrorReport } from "./console-view.ts";

const out = (text: string): ConsoleEntry => ({ stream: "stdout", text });
const err = (text: string): ConsoleEntry => ({ stream: "stderr", text });
const info = (text: string): ConsoleEntry => ({ stream: "info", text });

describe("withoutErrorReport", () => {
  it("leaves out Python's traceback, which the error box repeats", () => {
    const lines = [
      out("hi\n"),
      err(
        "Traceback (most recent call last):\n  File \"main.py\", line 2, in <module>\n    print(greeting)\nNameError: name 'greeting' is not defined\n",
      ),
    ];
    expect(
      withoutErrorReport(lines, { message: "NameError: name 'greeting' is not defined" }),
    ).toEqual([out("hi\n")]);
  });

  it("keeps what the program wrote to stderr before the traceback", () => {
    const lines = [
      err(
        'warning: low fuel\nTraceback (most recent call last):\n  File "main.py"\nZeroDivisionError: division by zero\n',
      ),
    ];
    expect(withoutErrorReport(lines, { message: "ZeroDivisionError: division by zero" })).toEqual([
      err("warning: low fuel\n"),
    ]);
  });

  it("leaves out JavaScript's Uncaught line and its stack", () => {
    const lines = [
      out("a"),
      err("Uncaught ReferenceError: greeting is not defined\n    at eval (index.js:2:13)"),
    ];
    expect(
      withoutErrorReport(lines, { message: "ReferenceError: greeting is not defined" }),
    ).toEqual([out("a")]);
  });

  it("leaves out the time-limit note, shown once in the error box", () => {
    const note =
      "Your program ran for more than 1 second and was stopped. Look for a loop that never ends.";
    expect(withoutErrorReport([out("1\n2\n"), info(note)], { message: note })).toEqual([
      out("1\n2\n"),
    ]);
  });

  it("never touches the program's own output, even when it prints the same words", () => {
    const lines = [out("NameError: name 'x' is not defined\n")];
    expect(withoutErrorReport(lines, { message: "NameError: name 'x' is not defined" })).toEqual(
      lines,
    );
  });

  it("keeps everything when there is no error", () => {
    const lines = [out("a\n"), err("careful\n")];
    expect(withoutErrorReport(lines, undefined)).toEqual(lines);
  });
});

describe("echoAnswer", () => {
  it("puts the answer and its newline after the prompt, as a terminal does", () => {
    expect(echoAnswer([out("What is your name? ")], "What is your name? ", "Sam")).toEqual([
      out("What is your name? Sam\n"),
    ]);
  });

  it("gives the prompt and answer a line of their own when the prompt is not on screen", () => {
    expect(echoAnswer([out("Hello\n")], "Age? ", "12")).toEqual([out("Hello\n"), out("Age? 12\n")]);
    expect(echoAnswer([], "", "yes")).toEqual([out("yes\n")]);
  });
});
